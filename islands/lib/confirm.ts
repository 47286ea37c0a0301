/** Asks in the page's #confirm-dialog (pages/_components/projects/ConfirmDialog.astro); resolves true when the person confirms. */
export function confirmAction(text: string): Promise<boolean> {
  const dialog = document.getElementById("confirm-dialog") as HTMLDialogElement;
  dialog.querySelector("[data-confirm-text]")!.textContent = text;
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true }));
}
