import { useState } from "react";
import { errorText, reportFailure } from "../lib/failures";

type Message = { text: string; kind?: "note" };

/** A dialog form's call to the server: busy while it runs; a refusal becomes the form's message, and what was typed stays. */
export function useFormCall() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>({ text: "" });
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setMessage({ text: errorText(error) });
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, message, setMessage, run };
}
