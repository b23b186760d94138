import { createEffect, createMemo, createSignal, For, Match, on, Show, Switch } from "solid-js";
import { GAME_NAMES, type GameName } from "../../../../shared/games";
import { t } from "../../i18n";
import { cardName, declarationLabel, gameName, type SuitLetter } from "../../lib/cards";
import { seatName } from "../../lib/seats";
import type { Action } from "../../lib/types";
import { SuitIcon } from "../SuitIcon";
import { useTable } from "./context";

type Of<T extends Action["type"]> = Extract<Action, { type: T }>;

function ofType<T extends Action["type"]>(legal: readonly Action[], type: T): Of<T>[] {
  return legal.filter((action): action is Of<T> => action.type === type);
}

/** A button for one legal action; shows that it is being sent while it is pending. */
function ActButton(props: {
  action: Action;
  label: string;
  ariaLabel?: string;
  kind?: "primary" | "secondary" | "danger" | "chip";
  testid?: string;
}) {
  const ctx = useTable();
  const pending = () => {
    const sent = ctx.store.state.pending;
    return !!sent && JSON.stringify(sent) === JSON.stringify(props.action);
  };
  return (
    <button
      type="button"
      class={`btn ${props.kind ?? "secondary"}`}
      classList={{ pending: pending() }}
      disabled={!!ctx.store.state.pending}
      aria-label={props.ariaLabel}
      aria-busy={pending() ? "true" : undefined}
      data-testid={props.testid}
      onClick={() => void ctx.store.act(props.action)}
    >
      {props.label}
    </button>
  );
}

const QUICK_BIDS = 4;

function BiddingPanel() {
  const ctx = useTable();
  const legal = () => ctx.view().legal;
  const bids = createMemo(() => ofType(legal(), "bid"));
  const hold = () => ofType(legal(), "hold")[0];
  const pass = () => ofType(legal(), "pass")[0];
  const forehandAlone = () => ctx.view().bidding?.awaiting === "forehand";
  const [other, setOther] = createSignal("");
  const otherAction = () => bids().find((bid) => String(bid.value) === other());
  return (
    <fieldset class="actions" data-testid="bidding-actions">
      <legend class="visually-hidden">{t("bid.group")}</legend>
      <Show when={hold()}>
        {(action) => (
          <ActButton
            action={action()}
            kind="primary"
            label={t("bid.hold", { value: ctx.view().bidding?.value ?? "" })}
            testid="hold"
          />
        )}
      </Show>
      <Show when={forehandAlone() && bids()[0]}>
        {(action) => (
          <ActButton action={action()} kind="primary" label={t("bid.play18")} testid="bid" />
        )}
      </Show>
      <Show when={!forehandAlone()}>
        <For each={bids().slice(0, QUICK_BIDS)}>
          {(action, index) => (
            <ActButton
              action={action}
              kind={index() === 0 ? "primary" : "chip"}
              label={String(action.value)}
              ariaLabel={t("bid.say", { value: action.value })}
              testid={index() === 0 ? "bid" : undefined}
            />
          )}
        </For>
        <Show when={bids().length > QUICK_BIDS}>
          <span class="more-bids">
            <select
              aria-label={t("bid.more")}
              value={other()}
              onChange={(event) => setOther(event.currentTarget.value)}
              disabled={!!ctx.store.state.pending}
            >
              <option value="">{t("bid.more")}</option>
              <For each={bids().slice(QUICK_BIDS)}>
                {(action) => <option value={String(action.value)}>{action.value}</option>}
              </For>
            </select>
            <Show when={otherAction()}>
              {(action) => (
                <ActButton
                  action={action()}
                  kind="chip"
                  label={t("bid.say", { value: action().value })}
                />
              )}
            </Show>
          </span>
        </Show>
      </Show>
      <Show when={pass()}>
        {(action) => <ActButton action={action()} label={t("bid.pass")} testid="pass" />}
      </Show>
    </fieldset>
  );
}

/** Game choice for a declaration: the games on offer, then the variants (flags) the rules allow. */
function DeclarePanel(props: { actions: Of<"declare">[]; onCancel?: () => void }) {
  const ctx = useTable();
  const games = createMemo(() =>
    GAME_NAMES.filter((game) => props.actions.some((action) => action.game === game)),
  );
  const [game, setGame] = createSignal<GameName | null>(null);
  const variants = createMemo(() => props.actions.filter((action) => action.game === game()));
  const [variant, setVariant] = createSignal(0);
  const chosen = () => variants()[variant()] ?? variants()[0];
  createEffect(
    on(game, (g) => {
      setVariant(0);
      ctx.setPreviewGame(g);
    }),
  );
  return (
    <div class="declare" data-testid="declare-panel">
      <fieldset class="game-choice">
        <legend>{t("declare.chooseGame")}</legend>
        <div class="game-buttons">
          <For each={games()}>
            {(name, index) => (
              <button
                type="button"
                class="btn game-btn"
                classList={{ chosen: game() === name }}
                aria-pressed={game() === name}
                data-game={name}
                onClick={() => setGame(name)}
              >
                <Show when={index() < 4}>
                  <SuitIcon suit={"CSHD"[index()] as SuitLetter} />
                </Show>
                <span>{gameName(name)}</span>
              </button>
            )}
          </For>
        </div>
      </fieldset>
      <Show when={variants().length > 1}>
        <fieldset class="variants">
          <legend>{t("declare.chooseVariant")}</legend>
          <For each={variants()}>
            {(action, index) => (
              <label class="variant">
                <input
                  type="radio"
                  name="variant"
                  checked={variant() === index()}
                  onChange={() => setVariant(index())}
                />
                <span>{declarationLabel(action)}</span>
              </label>
            )}
          </For>
        </fieldset>
      </Show>
      <div class="actions">
        <Show when={props.onCancel}>
          {(cancel) => (
            <button type="button" class="btn secondary" onClick={() => cancel()()}>
              {t("common.back")}
            </button>
          )}
        </Show>
        <Show
          when={chosen()}
          fallback={
            <button type="button" class="btn primary" disabled>
              {t("declare.pickFirst")}
            </button>
          }
        >
          {(action) => (
            <ActButton
              action={action()}
              kind="primary"
              label={t("declare.confirm", { game: declarationLabel(action()) })}
              testid="declare"
            />
          )}
        </Show>
      </div>
    </div>
  );
}

function SkatPanel() {
  const ctx = useTable();
  const [handMode, setHandMode] = createSignal(false);
  const pickUp = () => ofType(ctx.view().legal, "pickUp")[0];
  const handGames = () => ofType(ctx.view().legal, "declare");
  return (
    <Show
      when={!handMode()}
      fallback={<DeclarePanel actions={handGames()} onCancel={() => setHandMode(false)} />}
    >
      <fieldset class="actions">
        <legend class="visually-hidden">{t("skat.group")}</legend>
        <Show when={pickUp()}>
          {(action) => (
            <ActButton action={action()} kind="primary" label={t("skat.pickUp")} testid="pick-up" />
          )}
        </Show>
        <Show when={handGames().length > 0}>
          <button
            type="button"
            class="btn secondary"
            data-testid="play-hand"
            disabled={!!ctx.store.state.pending}
            onClick={() => setHandMode(true)}
          >
            {t("skat.playHand")}
          </button>
        </Show>
      </fieldset>
    </Show>
  );
}

function DiscardPanel() {
  const ctx = useTable();
  const discards = () => ofType(ctx.view().legal, "discard");
  const action = () => {
    const [a, b] = ctx.selected();
    if (!a || !b) return undefined;
    return discards().find(
      (d) => (d.cards[0] === a && d.cards[1] === b) || (d.cards[0] === b && d.cards[1] === a),
    );
  };
  return (
    <div class="discard">
      <p class="hint" aria-live="polite">
        {ctx.selected().length === 2
          ? t("discard.chosen", {
              cards: ctx.selected().map(cardName).join(t("common.and")),
            })
          : t("discard.hint", { n: 2 - ctx.selected().length })}
      </p>
      <div class="actions">
        <Show
          when={action()}
          fallback={
            <button type="button" class="btn primary" disabled data-testid="discard">
              {t("discard.confirm")}
            </button>
          }
        >
          {(chosen) => (
            <ActButton
              action={chosen()}
              kind="primary"
              label={t("discard.confirm")}
              testid="discard"
            />
          )}
        </Show>
      </div>
    </div>
  );
}

/** Giving up and claiming: rare, so each asks once more before it is sent. */
function PlayPanel() {
  const ctx = useTable();
  const [confirming, setConfirming] = createSignal<Action | null>(null);
  const view = ctx.view;
  const isDeclarer = () => view().declarer !== null && view().declarer === view().seat;
  const find = <T extends Action["type"]>(type: T) => ofType(view().legal, type)[0];
  // A new view (someone moved) withdraws an unanswered question.
  createEffect(
    on(
      () => view().version,
      () => setConfirming(null),
      { defer: true },
    ),
  );
  const labels = (action: Action) => {
    switch (action.type) {
      case "claim":
        return { ask: t("play.claim"), confirm: t("play.claimConfirm") };
      case "concede":
        return isDeclarer()
          ? { ask: t("play.concede"), confirm: t("play.concedeConfirm") }
          : { ask: t("play.yield"), confirm: t("play.yieldConfirm") };
      default:
        return { ask: "", confirm: "" };
    }
  };
  const extras = (): Action[] => {
    const list: Action[] = [];
    const claim = find("claim");
    const concede = find("concede");
    if (claim) list.push(claim);
    if (concede) list.push(concede);
    return list;
  };
  return (
    <Switch>
      <Match when={view().claim.active && find("acceptClaim")}>
        <fieldset class="claim-answer">
          <legend class="visually-hidden">{t("play.claimGroup")}</legend>
          <p class="hint">{t("play.claimPending", { name: seatName(view(), view().declarer) })}</p>
          <div class="actions">
            <Show when={find("acceptClaim")}>
              {(a) => (
                <ActButton
                  action={a()}
                  kind="primary"
                  label={t("play.acceptClaim")}
                  testid="accept-claim"
                />
              )}
            </Show>
            <Show when={find("rejectClaim")}>
              {(a) => (
                <ActButton action={a()} label={t("play.rejectClaim")} testid="reject-claim" />
              )}
            </Show>
          </div>
        </fieldset>
      </Match>
      <Match when={confirming()}>
        {(action) => (
          <div class="confirm" role="alertdialog" aria-label={labels(action()).ask}>
            <p class="hint">{labels(action()).confirm}</p>
            <div class="actions">
              <button type="button" class="btn secondary" onClick={() => setConfirming(null)}>
                {t("common.cancel")}
              </button>
              <ActButton action={action()} kind="danger" label={labels(action()).ask} />
            </div>
          </div>
        )}
      </Match>
      <Match when={extras().length > 0}>
        <div class="actions quiet">
          <For each={extras()}>
            {(action) => (
              <button
                type="button"
                class="btn link"
                disabled={!!ctx.store.state.pending}
                onClick={() => setConfirming(action)}
              >
                {labels(action).ask}
              </button>
            )}
          </For>
        </div>
      </Match>
    </Switch>
  );
}

/** The choices the view offers this seat now, by phase. */
export function ActionArea() {
  const ctx = useTable();
  const view = ctx.view;
  const has = (type: Action["type"]) => view().legal.some((action) => action.type === type);
  // Clear choices that belonged to an earlier phase.
  createEffect(
    on(
      () => view().phase,
      () => {
        ctx.setSelected([]);
        ctx.setPreviewGame(null);
      },
    ),
  );
  return (
    <div class="action-area" data-testid="actions">
      <Switch>
        <Match when={view().phase === "bidding" && view().legal.length > 0}>
          <BiddingPanel />
        </Match>
        <Match when={view().phase === "skat" && has("pickUp")}>
          <SkatPanel />
        </Match>
        <Match when={view().phase === "discard" && has("discard")}>
          <DiscardPanel />
        </Match>
        <Match when={view().phase === "declare" && has("declare")}>
          <DeclarePanel actions={ofType(view().legal, "declare")} />
        </Match>
        <Match when={view().phase === "play" && view().legal.length > 0}>
          <PlayPanel />
        </Match>
      </Switch>
    </div>
  );
}
