import { createResource, lazy, Match, Suspense, Switch } from "solid-js";
import { t } from "./i18n";
import { api } from "./lib/api";
import { currentPath, Link, match } from "./lib/router";

const Home = lazy(() => import("./routes/Home"));
const NewTable = lazy(() => import("./routes/NewTable"));
const TablePage = lazy(() => import("./routes/Table"));
const SheetPage = lazy(() => import("./routes/Sheet"));
const DealPage = lazy(() => import("./routes/Deal"));
const SettingsPage = lazy(() => import("./routes/Settings"));

interface Health {
  ok: boolean;
  db: "ok" | "unavailable";
}

/** A quiet line at the bottom: whether the server (and its database) answers. */
function ServerStatus() {
  const [health] = createResource(async () => {
    const res = await api<Health>("GET", "/api/health", { token: null });
    return res.ok ? res.value : null;
  });
  const state = () => {
    if (health.loading) return "loading";
    const h = health();
    return h?.ok && h.db === "ok" ? "ok" : "error";
  };
  const text = () => {
    if (health.loading) return t("server.checking");
    const h = health();
    if (!h) return t("server.unreachable");
    return h.db === "ok" ? t("server.ok") : t("server.noDb");
  };
  return (
    <p class="server-status" data-testid="server-status" data-state={state()} aria-live="polite">
      <span class="dot" aria-hidden="true" />
      {text()}
    </p>
  );
}

function Header() {
  const active = (prefix: string) =>
    prefix === "/" ? currentPath() === "/" : currentPath().startsWith(prefix);
  return (
    <header class="site-header">
      <Link href="/" class="brand" aria-label={t("nav.home")}>
        <span class="brand-mark" aria-hidden="true">
          ♣
        </span>
        <span>Fernskat</span>
      </Link>
      <nav aria-label={t("nav.main")}>
        <Link href="/" aria-current={active("/") ? "page" : undefined}>
          {t("nav.myGames")}
        </Link>
        <Link
          href="/settings"
          class="nav-settings"
          aria-current={active("/settings") ? "page" : undefined}
          aria-label={t("nav.settings")}
          title={t("nav.settings")}
          data-testid="settings-link"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" class="gear">
            <path d="M19.4 13a7.7 7.7 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3.2h-4l-.4 2.7a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.7 7.7 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.6 7.6 0 0 0 1.7 1l.4 2.7h4l.4-2.7a7.6 7.6 0 0 0 1.7-1l2.5 1 2-3.5zM12 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z" />
          </svg>
          <span class="nav-label">{t("nav.settings")}</span>
        </Link>
      </nav>
    </header>
  );
}

/** Starts loading the page's code at once, while the language and player are still loading. */
export function preloadRoute(path: string): void {
  if (path === "/") void Home.preload();
  else if (path === "/new") void NewTable.preload();
  else if (path === "/settings") void SettingsPage.preload();
  else if (match("/t/:id", path)) void TablePage.preload();
  else if (match("/t/:id/sheet", path)) void SheetPage.preload();
  else if (match("/t/:id/deal/:n", path)) void DealPage.preload();
}

function NotFound() {
  return (
    <main class="page narrow">
      <h1>{t("notFound.title")}</h1>
      <p>
        <Link href="/">{t("nav.myGames")}</Link>
      </p>
    </main>
  );
}

export default function App() {
  const path = currentPath;
  const dealRoute = () => {
    const params = match("/t/:id/deal/:n", path());
    return params ? `${params.id}/${params.n}` : null;
  };
  return (
    <div class="app">
      <a class="skip-link" href="#content">
        {t("nav.skip")}
      </a>
      <Header />
      <div id="content" class="content">
        <Suspense fallback={<p class="loading page">{t("common.loading")}</p>}>
          <Switch fallback={<NotFound />}>
            <Match when={match("/", path())}>
              <Home />
            </Match>
            <Match when={match("/new", path())}>
              <NewTable />
            </Match>
            <Match when={match("/settings", path())}>
              <SettingsPage />
            </Match>
            <Match when={match("/t/:id", path())?.id} keyed>
              {(id) => <TablePage id={id} />}
            </Match>
            {/* Keyed on plain strings: a page is rebuilt only when its table or deal changes. */}
            <Match when={match("/t/:id/sheet", path())?.id} keyed>
              {(id) => <SheetPage id={id} />}
            </Match>
            <Match when={dealRoute()} keyed>
              {(route) => (
                <DealPage id={route.split("/")[0] as string} n={route.split("/")[1] as string} />
              )}
            </Match>
          </Switch>
        </Suspense>
      </div>
      <footer class="site-footer">
        <ServerStatus />
      </footer>
    </div>
  );
}
