import { createResource, createSignal, For, onCleanup, Show } from "solid-js";
import { FormError } from "../components/FormError";
import { NameField } from "../components/NameField";
import { t } from "../i18n";
import type { ApiFailure } from "../lib/api";
import { Link } from "../lib/router";
import { clockTime, relativeTime } from "../lib/time";
import type { MyTable } from "../lib/types";
import { createPlayer, loadMe, session } from "../stores/session";

/** First visit: a name is all it takes. */
export function StartForm(props: { then?: () => void }) {
  const [name, setName] = createSignal("");
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<ApiFailure | null>(null);
  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await createPlayer(name().trim());
    setBusy(false);
    if (!result.ok) setError(result.error);
    else props.then?.();
  }
  return (
    <form class="panel light start" onSubmit={submit} data-testid="start">
      <h2>{t("start.title")}</h2>
      <p>{t("start.text")}</p>
      <NameField label={t("start.nameLabel")} value={name()} onInput={setName} testId="name" />
      <button type="submit" class="btn primary" disabled={busy()} data-testid="start-button">
        {t("start.button")}
      </button>
      <FormError error={error()} />
    </form>
  );
}

function statusOf(table: MyTable): string {
  if (table.status === "finished") return t("games.finished");
  if (table.status === "open") return t("games.open");
  if (table.yourTurn) return t("games.yourTurn");
  return table.turn?.name ? t("games.theirTurn", { name: table.turn.name }) : t("games.playing");
}

function MyGames() {
  const [me, { refetch }] = createResource(
    () => session.token,
    () => loadMe(),
  );
  // "My games" is a page people leave open: keep it fresh without a reload.
  const timer = setInterval(() => void refetch(), 30_000);
  const onVisible = () => {
    if (!document.hidden) void refetch();
  };
  document.addEventListener("visibilitychange", onVisible);
  onCleanup(() => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisible);
  });
  const tables = () => me()?.tables ?? [];
  return (
    <section class="my-games" aria-labelledby="my-games-heading">
      <h2 id="my-games-heading">{t("nav.myGames")}</h2>
      <Show
        when={tables().length > 0}
        fallback={<p class="muted">{me.loading ? t("common.loading") : t("games.none")}</p>}
      >
        <ul class="game-list" data-testid="my-games">
          <For each={tables()}>
            {(table) => (
              <li>
                <Link
                  href={`/t/${table.id}`}
                  class="game-row"
                  classList={{ yours: table.yourTurn, done: table.status === "finished" }}
                >
                  <span class="game-row-main">
                    <span class="game-status">{statusOf(table)}</span>
                    <span class="muted">
                      {table.status === "open"
                        ? t("games.tableId", { id: table.id })
                        : t("table.deal", {
                            n: Math.min(table.dealNumber + 1, table.deals),
                            of: table.deals,
                          })}
                    </span>
                  </span>
                  <span class="game-row-side">
                    <Show when={table.deadline}>
                      {(deadline) => (
                        <time datetime={deadline()} title={clockTime(deadline())}>
                          {relativeTime(deadline())}
                        </time>
                      )}
                    </Show>
                    <Show when={table.standing}>
                      {(standing) => (
                        <span class="muted small">
                          {t("games.standing", {
                            rank: standing().rank,
                            points: standing().seegerFabian,
                          })}
                        </span>
                      )}
                    </Show>
                  </span>
                </Link>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </section>
  );
}

export default function Home() {
  return (
    <main class="page home">
      <section class="hero">
        <h1>Fernskat</h1>
        <p class="tagline">{t("home.tagline")}</p>
      </section>
      <Show when={session.token} fallback={<StartForm />}>
        <div class="home-actions">
          <Show when={session.player}>
            {(player) => <p class="hello">{t("home.hello", { name: player().name })}</p>}
          </Show>
          <Link class="btn primary big" href="/new" data-testid="new-table">
            {t("home.newTable")}
          </Link>
        </div>
        <MyGames />
      </Show>
      <section class="how">
        <h2>{t("how.title")}</h2>
        <ol>
          <li>{t("how.one")}</li>
          <li>{t("how.two")}</li>
          <li>{t("how.three")}</li>
        </ol>
      </section>
    </main>
  );
}
