/**
 * The player's settings kept by the server (GET/PUT /api/me/settings): automatic play of forced
 * cards, quiet hours, webhooks, and how many devices get push notifications. Loaded by the
 * settings page; every change answers with the settings as stored.
 */
import { createStore, reconcile } from "solid-js/store";
import { type ApiFailure, api } from "../lib/api";
import type { PlayerSettings, PlayerSettingsUpdate, WebhookInput, WebhookView } from "../lib/types";

interface State {
  settings: PlayerSettings | null;
  loadError: ApiFailure | null;
}

export function createPlayerSettings() {
  const [state, setState] = createStore<State>({ settings: null, loadError: null });

  async function load(): Promise<void> {
    const result = await api<PlayerSettings>("GET", "/api/me/settings");
    if (result.ok) setState({ settings: reconcile(result.value)(state.settings), loadError: null });
    else setState("loadError", result.error);
  }

  async function update(
    changes: PlayerSettingsUpdate,
  ): Promise<{ ok: true } | { ok: false; error: ApiFailure }> {
    const result = await api<PlayerSettings>("PUT", "/api/me/settings", { body: changes });
    if (!result.ok) return { ok: false, error: result.error };
    setState("settings", reconcile(result.value));
    return { ok: true };
  }

  async function addWebhook(
    input: WebhookInput,
  ): Promise<{ ok: true } | { ok: false; error: ApiFailure }> {
    const result = await api<WebhookView>("POST", "/api/me/webhooks", { body: input });
    if (!result.ok) return { ok: false, error: result.error };
    setState("settings", "webhooks", (list) => [...list, result.value]);
    return { ok: true };
  }

  async function removeWebhook(
    id: string,
  ): Promise<{ ok: true } | { ok: false; error: ApiFailure }> {
    const result = await api<null>("DELETE", `/api/me/webhooks/${encodeURIComponent(id)}`);
    // Already gone (another device removed it) is what was asked for.
    if (!result.ok && result.error.status !== 404) return { ok: false, error: result.error };
    setState("settings", "webhooks", (list) => list.filter((hook) => hook.id !== id));
    return { ok: true };
  }

  return { state, load, update, addWebhook, removeWebhook };
}

export type PlayerSettingsStore = ReturnType<typeof createPlayerSettings>;
