// l10n-snapshot: on a site published without translation pages (site.maxBytes left them out), the
// address of a translation's page (<component>/<language>/) leads to its row of the component's
// page (<component>/#t-<language>). Run by 404.html, which lists the component folders.
(() => {
  const data = document.getElementById("moved");
  if (!data) return;
  const base = new URL(data.getAttribute("data-base") || "/", location.href).pathname;
  if (!location.pathname.startsWith(base)) return;
  const parts = location.pathname
    .slice(base.length)
    .replace(/(^|\/)index\.html$/, "")
    .replace(/\/$/, "")
    .split("/");
  let names;
  try {
    names = parts.map(decodeURIComponent);
  } catch {
    return;
  }
  const language = names.pop();
  const dir = names.join("/");
  if (!language || !JSON.parse(data.textContent || "[]").includes(dir)) return;
  // The row's id is the language's file name (percent-encoded already): the fragment as it is.
  location.replace(`${base + parts.slice(0, -1).join("/")}/#t-${language}`);
})();
