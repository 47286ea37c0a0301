/**
 * The category page's upload button: the document upload wizard with this category chosen, loaded
 * when first opened; after a save the page shows the new documents and the progress they make.
 */
export function startCategoryPage() {
  const button = document.getElementById("category-upload");
  button?.addEventListener("click", async () => {
    const { openUploadWizard } = await import("./upload-wizard");
    openUploadWizard({ categoryIds: [Number(button.dataset.categoryId)], onSaved: () => location.reload() });
  });
}
