// l10n-snapshot: a site whose badges page was split by project (badges/<project>/index.html) and
// is whole again leads a project badges page's old address to badges/index.html, with its
// fragment: every id of a project's badges page is an id of the whole page. Run by 404.html,
// which lists the projects' badges folders.
(() => {
  const data = document.getElementById("badges-moved");
  if (!data) return;
  const base = new URL(data.getAttribute("data-base") || "/", location.href).pathname;
  if (!location.pathname.startsWith(base)) return;
  const parts = location.pathname
    .slice(base.length)
    .replace(/(^|\/)index\.html$/, "")
    .replace(/\/$/, "")
    .split("/");
  let dir;
  try {
    dir = parts.map(decodeURIComponent).join("/");
  } catch {
    return;
  }
  if (!JSON.parse(data.textContent || "[]").includes(dir)) return;
  // badges/<project> to badges/index.html, in the locale's folder if any: two segments up.
  location.replace(`${base + parts.slice(0, -1).join("/")}/index.html${location.hash}`);
})();
