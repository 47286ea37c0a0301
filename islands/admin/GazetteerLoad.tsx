/**
 * The gazetteer in the GIS settings: how many places the map search knows, and the replacement of all of them by a
 * GeoNames dump (cities5000.zip or its .txt) that the server reads in its untrusted worker; the skipped lines are listed.
 */
import { useEffect, useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { Localized, useT } from "../lib/ui/i18n";
import "./gazetteer.css";

type Loaded = Awaited<ReturnType<typeof load>>;
/** A large dump takes a while to read and index. */
const load = (file: File) => call(server.places.load.post({ file }, { fetch: { signal: AbortSignal.timeout(5 * 60_000) } }));

function Gazetteer({ count: initial }: { count: number }) {
  const { t, tf } = useT();
  const [count, setCount] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  // Busy until hydrated: the form does nothing before.
  const [busy, setBusy] = useState(true);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => setBusy(false), []);
  return (
    <section className="settings__gazetteer" aria-labelledby="gazetteer-title">
      <h2 id="gazetteer-title">{t("admin.settings.gazetteer.title")}</h2>
      <p>{tf("admin.settings.gazetteer.count", { count })}</p>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if (!file) return;
          setBusy(true);
          try {
            const answer = await load(file);
            setLoaded(answer);
            setCount(answer.places);
            snack(tf("admin.settings.gazetteer.loaded", { count: answer.places }), "success");
          } catch (error) {
            snack(errorText(error), "error");
          } finally {
            setBusy(false);
          }
        }}
      >
        <label htmlFor="gazetteer-file">{t("admin.settings.gazetteer.file")}</label>
        <input id="gazetteer-file" type="file" accept=".zip,.txt" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        <button type="submit" disabled={busy || !file}>
          {t("admin.settings.gazetteer.load")}
        </button>
      </form>
      {loaded && loaded.skipped > 0 && (
        <div role="status">
          <p>{tf("admin.settings.gazetteer.skipped", { count: loaded.skipped })}</p>
          <ul>
            {loaded.broken.map((line) => (
              <li key={line.line}>{tf("admin.settings.gazetteer.line", { line: line.line, reason: line.reason })}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

export default function GazetteerLoad({ locale, count }: { locale: Locale; count: number }) {
  return (
    <Localized locale={locale}>
      <Gazetteer count={count} />
    </Localized>
  );
}
