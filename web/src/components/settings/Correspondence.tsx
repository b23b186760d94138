/**
 * Settings for play by correspondence: automatic play of forced cards, and how the player hears
 * that it is their turn (push on this device, webhooks, quiet hours). All of it lives on the
 * server, for every device of the player.
 */
import { createMemo, createSignal, For, Match, onMount, Show, Switch } from "solid-js";
import { language, t, tn } from "../../i18n";
import type { ApiFailure } from "../../lib/api";
import { errorText } from "../../lib/errors";
import {
  currentSubscription,
  type PushFailure,
  pushSupported,
  subscribePush,
  unsubscribePush,
} from "../../lib/push";
import type { WebhookFormat } from "../../lib/types";
import type { PlayerSettingsStore } from "../../stores/playerSettings";
import { FormError } from "../FormError";

const WEBHOOK_FORMATS: readonly WebhookFormat[] = ["json", "ntfy", "discord", "slack"];
const FORMAT_NAMES: Record<WebhookFormat, string> = {
  json: "JSON",
  ntfy: "ntfy",
  discord: "Discord",
  slack: "Slack",
};
const DEFAULT_QUIET = { start: 22, end: 7 };

/** Saved at once on each change: a switch, not a form. */
export function AutoPlaySetting(props: { store: PlayerSettingsStore }) {
  const [saving, setSaving] = createSignal(false);
  const [error, setError] = createSignal<ApiFailure | null>(null);
  const checked = () => props.store.state.settings?.autoPlay ?? true;
  async function change(autoPlay: boolean) {
    setSaving(true);
    setError(null);
    const result = await props.store.update({ autoPlay });
    setSaving(false);
    if (!result.ok) setError(result.error);
  }
  return (
    <section class="panel light" aria-labelledby="play-heading">
      <h2 id="play-heading">{t("settings.play")}</h2>
      <label class="choice wide switch">
        <input
          type="checkbox"
          checked={checked()}
          disabled={saving() || !props.store.state.settings}
          onChange={(event) => void change(event.currentTarget.checked)}
          data-testid="auto-play"
        />
        <span>{t("settings.autoPlay")}</span>
      </label>
      <small class="field-hint">{t("settings.autoPlayHint")}</small>
      <FormError error={error()} />
    </section>
  );
}

function pushProblem(failure: PushFailure): string {
  switch (failure.reason) {
    case "unsupported":
      return t("push.unsupported");
    case "denied":
      return t("push.denied");
    case "noWorker":
      return t("push.noWorker");
    case "failed":
      return t("push.failed");
    case "server":
      return errorText(failure.error);
  }
}

/** "Notify me on this device": the browser asks for permission only after this tap. */
function PushDevice(props: { store: PlayerSettingsStore }) {
  const [subscribed, setSubscribed] = createSignal<boolean | null>(null);
  const [working, setWorking] = createSignal(false);
  const [problem, setProblem] = createSignal<PushFailure | null>(null);
  const [error, setError] = createSignal<ApiFailure | null>(null);
  const supported = pushSupported();
  onMount(async () => {
    setSubscribed(supported ? (await currentSubscription()) !== null : false);
  });
  async function enable() {
    const key = props.store.state.settings?.vapidPublicKey;
    if (!key) return;
    setWorking(true);
    setProblem(null);
    setError(null);
    const outcome = await subscribePush(key);
    setWorking(false);
    if (outcome.ok) {
      setSubscribed(true);
      void props.store.load();
    } else {
      setProblem(outcome);
    }
  }
  async function disable() {
    setWorking(true);
    setProblem(null);
    setError(null);
    const outcome = await unsubscribePush();
    setWorking(false);
    setSubscribed(false);
    if (!outcome.ok) setError(outcome.error);
    void props.store.load();
  }
  const devices = () => props.store.state.settings?.pushSubscriptions ?? 0;
  return (
    <div class="push-device" data-testid="push" data-state={subscribed() ? "on" : "off"}>
      <h3>{t("push.title")}</h3>
      <Switch>
        <Match when={!supported}>
          <p class="muted">{t("push.unsupported")}</p>
        </Match>
        <Match when={subscribed()}>
          <p class="ok-note" data-testid="push-on">
            {t("push.on")}
          </p>
          <button
            type="button"
            class="btn secondary"
            disabled={working()}
            onClick={() => void disable()}
            data-testid="push-disable"
          >
            {t("push.disable")}
          </button>
        </Match>
        <Match when={subscribed() === false}>
          <button
            type="button"
            class="btn primary"
            disabled={working() || !props.store.state.settings}
            aria-busy={working() ? "true" : undefined}
            onClick={() => void enable()}
            data-testid="push-enable"
          >
            {working() ? t("push.working") : t("push.enable")}
          </button>
        </Match>
      </Switch>
      <Show when={problem()}>
        {(failure) => (
          <div
            class="form-error"
            role="alert"
            data-testid="push-problem"
            data-reason={failure().reason}
          >
            <p>{pushProblem(failure())}</p>
            <Show when={failure().reason === "failed" && (failure() as { detail: string }).detail}>
              {(detail) => (
                <p class="server-message">
                  {t("push.browserSays")}: “{detail()}”
                </p>
              )}
            </Show>
            <Show
              when={failure().reason === "server" && (failure() as { error: ApiFailure }).error}
            >
              {(e) => <p class="server-message">“{e().message}”</p>}
            </Show>
          </div>
        )}
      </Show>
      <FormError error={error()} />
      <Show when={devices() > 0}>
        <p class="small muted" data-testid="push-devices">
          {tn("push.devices", devices())}
        </p>
      </Show>
    </div>
  );
}

function Webhooks(props: { store: PlayerSettingsStore }) {
  const [url, setUrl] = createSignal("");
  const [format, setFormat] = createSignal<WebhookFormat>("json");
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<ApiFailure | null>(null);
  const hooks = () => props.store.state.settings?.webhooks ?? [];
  async function add(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await props.store.addWebhook({ url: url().trim(), format: format() });
    setBusy(false);
    if (result.ok) setUrl("");
    else setError(result.error);
  }
  async function remove(id: string) {
    setBusy(true);
    setError(null);
    const result = await props.store.removeWebhook(id);
    setBusy(false);
    if (!result.ok) setError(result.error);
  }
  return (
    <div class="webhooks">
      <h3>{t("hooks.title")}</h3>
      <p class="small">{t("hooks.text")}</p>
      <Show when={hooks().length > 0} fallback={<p class="muted small">{t("hooks.none")}</p>}>
        <ul class="webhook-list" data-testid="webhooks">
          <For each={hooks()}>
            {(hook) => (
              <li data-testid="webhook">
                <span class="webhook-url mono">{hook.url}</span>
                <span class="tag">{FORMAT_NAMES[hook.format]}</span>
                <button
                  type="button"
                  class="btn small secondary"
                  disabled={busy()}
                  aria-label={t("hooks.removeLabel", { url: hook.url })}
                  onClick={() => void remove(hook.id)}
                  data-testid="webhook-remove"
                >
                  {t("hooks.remove")}
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <form class="webhook-form" onSubmit={add}>
        <label class="field">
          <span>{t("hooks.url")}</span>
          <input
            type="url"
            inputmode="url"
            required
            maxLength={500}
            placeholder="https://"
            value={url()}
            onInput={(event) => setUrl(event.currentTarget.value)}
            data-testid="webhook-url"
          />
        </label>
        <label class="field">
          <span>{t("hooks.format")}</span>
          <select
            value={format()}
            onChange={(event) => setFormat(event.currentTarget.value as WebhookFormat)}
            data-testid="webhook-format"
          >
            <For each={WEBHOOK_FORMATS}>
              {(name) => <option value={name}>{FORMAT_NAMES[name]}</option>}
            </For>
          </select>
        </label>
        <div class="actions start">
          <button
            type="submit"
            class="btn primary"
            disabled={busy() || url().trim() === "" || !props.store.state.settings}
            data-testid="webhook-add"
          >
            {t("hooks.add")}
          </button>
        </div>
      </form>
      <FormError error={error()} />
    </div>
  );
}

function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

function timeZones(...extra: string[]): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    // Older browsers: the zones we know of are enough to pick from.
  }
  return [...new Set([...zones, "UTC", ...extra])].sort();
}

function hourLabel(hour: number): string {
  return new Intl.DateTimeFormat(language(), {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(Date.UTC(2024, 0, 1, hour));
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * Quiet hours in the player's time zone. A player still on the server's default (UTC) gets this
 * device's zone proposed, so the night is their night.
 */
function QuietHours(props: { store: PlayerSettingsStore }) {
  const saved = () => props.store.state.settings;
  const device = deviceTimeZone();
  const initialZone = () => {
    const zone = saved()?.timeZone ?? "UTC";
    return zone === "UTC" ? device : zone;
  };
  const initialOn = () => (saved() ? saved()?.quietStart !== saved()?.quietEnd : true);
  const [zone, setZone] = createSignal(initialZone());
  const [on, setOn] = createSignal(initialOn());
  const [start, setStart] = createSignal(
    initialOn() ? (saved()?.quietStart ?? DEFAULT_QUIET.start) : DEFAULT_QUIET.start,
  );
  const [end, setEnd] = createSignal(
    initialOn() ? (saved()?.quietEnd ?? DEFAULT_QUIET.end) : DEFAULT_QUIET.end,
  );
  const [state, setState] = createSignal<"idle" | "saving" | "saved">("idle");
  const [error, setError] = createSignal<ApiFailure | null>(null);
  const zones = createMemo(() => timeZones(device, saved()?.timeZone ?? "UTC"));
  const changed = () => {
    const s = saved();
    if (!s) return false;
    const wanted = on() ? { start: start(), end: end() } : { start: 0, end: 0 };
    return (
      zone() !== s.timeZone ||
      on() !== (s.quietStart !== s.quietEnd) ||
      (on() && (wanted.start !== s.quietStart || wanted.end !== s.quietEnd))
    );
  };
  const touched = () => setState("idle");
  async function save(event: Event) {
    event.preventDefault();
    setState("saving");
    setError(null);
    const result = await props.store.update({
      timeZone: zone(),
      quietStart: on() ? start() : 0,
      quietEnd: on() ? end() : 0,
    });
    if (!result.ok) {
      setError(result.error);
      setState("idle");
      return;
    }
    setState("saved");
  }
  return (
    <form class="quiet-hours" onSubmit={save} data-testid="quiet-hours">
      <h3>{t("quiet.title")}</h3>
      <p class="small">{t("quiet.text")}</p>
      <label class="choice wide switch">
        <input
          type="checkbox"
          checked={on()}
          onChange={(event) => {
            setOn(event.currentTarget.checked);
            touched();
          }}
          data-testid="quiet-on"
        />
        <span>{t("quiet.enabled")}</span>
      </label>
      <Show when={on()}>
        <div class="quiet-range">
          <label class="field">
            <span>{t("quiet.from")}</span>
            <select
              value={String(start())}
              onChange={(event) => {
                setStart(Number(event.currentTarget.value));
                touched();
              }}
              data-testid="quiet-start"
            >
              <For each={HOURS}>
                {(hour) => <option value={String(hour)}>{hourLabel(hour)}</option>}
              </For>
            </select>
          </label>
          <label class="field">
            <span>{t("quiet.until")}</span>
            <select
              value={String(end())}
              onChange={(event) => {
                setEnd(Number(event.currentTarget.value));
                touched();
              }}
              data-testid="quiet-end"
            >
              <For each={HOURS}>
                {(hour) => <option value={String(hour)}>{hourLabel(hour)}</option>}
              </For>
            </select>
          </label>
        </div>
      </Show>
      <label class="field">
        <span>{t("quiet.timeZone")}</span>
        <select
          value={zone()}
          onChange={(event) => {
            setZone(event.currentTarget.value);
            touched();
          }}
          data-testid="time-zone"
        >
          <For each={zones()}>
            {(name) => <option value={name}>{name.replace(/_/g, " ")}</option>}
          </For>
        </select>
        <Show when={zone() !== device}>
          <small class="field-hint">
            {t("quiet.deviceZone", { zone: device.replace(/_/g, " ") })}{" "}
            <button
              type="button"
              class="btn link"
              onClick={() => {
                setZone(device);
                touched();
              }}
            >
              {t("quiet.useDevice")}
            </button>
          </small>
        </Show>
      </label>
      <div class="actions start">
        <button
          type="submit"
          class="btn primary"
          disabled={state() === "saving" || !changed()}
          data-testid="quiet-save"
        >
          {state() === "saved" && !changed() ? t("settings.saved") : t("settings.save")}
        </button>
      </div>
      <FormError error={error()} />
    </form>
  );
}

export function NotificationSettings(props: { store: PlayerSettingsStore }) {
  return (
    <section class="panel light notifications" aria-labelledby="notify-heading">
      <h2 id="notify-heading">{t("settings.notifications")}</h2>
      <p class="small">{t("settings.notificationsText")}</p>
      <PushDevice store={props.store} />
      <Webhooks store={props.store} />
      <Show when={props.store.state.settings} keyed>
        {(_) => <QuietHours store={props.store} />}
      </Show>
    </section>
  );
}
