import { DEFAULT_CONFIG, DEFAULT_OUT } from "../commands/flags.js";
import { VERSION } from "../model/version.js";

/** The text of `--help`. */
export const HELP = `l10n-snapshot ${VERSION}: a Weblate server's translation statistics as a static site and badges.

Usage:
  l10n-snapshot init   --base-url URL [--project P]...     write a config and a GitHub workflow
  l10n-snapshot build  [--config FILE] [--out DIR]         crawl, validate, render the site into DIR
  l10n-snapshot crawl  [--config FILE] [--snapshot FILE]   crawl and validate, write a snapshot
  l10n-snapshot render [--snapshot FILE] [--out DIR]       render a snapshot, no network
  l10n-snapshot merge  SNAPSHOT... --snapshot FILE         join shard snapshots into one
  l10n-snapshot check  [--snapshot FILE] [--previous ...]  check the config's "check" rules (a CI gate)

Options:
  --config FILE     config file (default ${DEFAULT_CONFIG})
  --out DIR         output directory (default ${DEFAULT_OUT}/)
  --snapshot FILE   snapshot file (default ${DEFAULT_OUT}/data/snapshot.json, else the site's .json.gz)
  --base-url URL    use this Weblate server instead of the config's baseUrl
  --shard I/N       crawl only shard I of N (split by component), for a CI matrix
  --previous URL|DIR  the previously published site, whose data/ holds the history
                    (build: default site.url from the config); crawl: a site or a
                    snapshot file. Projects tracked as p/*/* whose statistics,
                    components and change log show no change since are carried over.
                    A previous site that cannot be read (5xx, a timeout, a page that
                    is not the file) stops the run with exit 3; only a 404 starts a
                    new history
  --full            crawl every project, even those --previous shows unchanged
  --previous-force  use a previous site built from another Weblate server
  --previous-optional  go on without a previous site that cannot be read (a warning,
                    a new history) instead of stopping
  --no-previous     start a new history
  --catalog DIR     build, render: a folder of <locale>.json catalogs (i18next JSON v4) read
                    before the shipped ones: add a locale for site.locales, or reword one
  --strict          treat every departure from the API contract (warnings, notes) as an error
  --quiet           print errors only
  --verbose         print every warning, and the notes (known differences of real servers)
  --json            print the summary as one JSON object on stdout (init, crawl, build, check)
  --project P       init: track project P (repeatable; default: ask, or all with --yes)
  --yes             init: do not ask, track every project: each as p/*/* (projects added
                    later are not tracked), or the whole server as */*/* when it has more
                    than 20 and its /api/translations/ list answers
  --include-failing init: keep a project whose component list fails, as project/*/*
  --force           init: replace files that exist
  --site-url URL    init: where the site will be published (default: the GitHub Pages
                    address of the repository's origin remote, when it is on GitHub)
  --help            show this help
  --version         show the version

The API token is read from the environment variable WEBLATE_TOKEN (or the config's "tokenEnv").
Exit codes: 0 all fine; 1 some translations stale, failed or invalid, or a list failed;
2 usage, config or catalog error; 3 nothing usable (every translation failed), the previous
site cannot be read, the site does not fit site.maxBytes, or the output cannot be written.
`;
