import { createResource, Match, Switch } from "solid-js";
import { render } from "solid-js/web";

/** What GET /api/health answers (worker/app.ts). */
interface Health {
  ok: boolean;
  service: string;
  db: "ok" | "unavailable";
  time: string;
}

async function fetchHealth(): Promise<Health> {
  const res = await fetch("/api/health", { headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as Health;
}

function ServerStatus() {
  const [health, { refetch }] = createResource(fetchHealth);
  return (
    <section aria-live="polite">
      <Switch>
        <Match when={health.error as unknown}>
          <p class="status" data-testid="server-status" data-state="error">
            Server unreachable ({String((health.error as Error | undefined)?.message ?? "error")}).{" "}
            <button type="button" onClick={() => void refetch()}>
              Retry
            </button>
          </p>
        </Match>
        <Match when={health()}>
          {(h) => (
            <p
              class="status"
              data-testid="server-status"
              data-state={h().ok && h().db === "ok" ? "ok" : "error"}
            >
              Server online, database {h().db === "ok" ? "ready" : "unavailable"}.
            </p>
          )}
        </Match>
        <Match when={health.loading}>
          <p class="status" data-testid="server-status" data-state="loading">
            Checking the server…
          </p>
        </Match>
      </Switch>
    </section>
  );
}

function App() {
  return (
    <main>
      <h1>Fernskat</h1>
      <p>Correspondence Skat: a table is a link, and a game runs over days.</p>
      <ServerStatus />
    </main>
  );
}

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");
render(() => <App />, root);
