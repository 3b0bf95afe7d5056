// l10n-snapshot: the ways 404.html knows from an old address to where its content is now, each with
// the folders it applies to, in every locale's (JSON in a script element of 404.html):
// - #moved, on a site published without translation pages (site.maxBytes left them out): the
//   address of a translation's page (<component>/<language>/) leads to its row of the component's
//   page (<component>/#t-<language>);
// - #badges-moved, on every site: the address of a project's badges page that is not there
//   (badges/<project>/index.html of a site split by project in an earlier run, whole again since,
//   whatever its size now) leads to badges/index.html, with its fragment: every id of a project's
//   badges page is an id of the whole page, and of the index of a split one. Its folders are the
//   badges folders (badges, de/badges, ...), a project's folder any name in one.
(() => {
  const moved = document.getElementById("moved");
  const badgesMoved = document.getElementById("badges-moved");
  const data = moved || badgesMoved;
  if (!data) return;
  const base = new URL(data.getAttribute("data-base") || "/", location.href).pathname;
  if (!location.pathname.startsWith(base)) return;
  // A folder's address (<name>/, <name>/index.html or <name>), not a file's (<project>.svg).
  const folder = /\/(index\.html)?$/.test(location.pathname) || !/\.[^/]*$/.test(location.pathname);
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
  const listed = (list, dir) => list !== null && JSON.parse(list.textContent || "[]").includes(dir);
  const up = base + parts.slice(0, -1).join("/");
  // badges/<project> to badges/index.html, in the locale's folder if any.
  if (folder && names.length > 1 && listed(badgesMoved, names.slice(0, -1).join("/"))) {
    location.replace(`${up}/index.html${location.hash}`);
    return;
  }
  // The row's id is the language's file name (percent-encoded already): the fragment as it is.
  const language = names[names.length - 1];
  if (language && listed(moved, names.slice(0, -1).join("/")))
    location.replace(`${up}/#t-${language}`);
})();
