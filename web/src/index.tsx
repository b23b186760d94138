import { render } from "solid-js/web";
import App, { preloadRoute } from "./App";
import { initLanguage } from "./i18n";
import { registerServiceWorker } from "./pwa";
import { adoptPersonalLink } from "./stores/session";
import "./styles/app.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");

preloadRoute(location.pathname);
// The language is loaded before the first paint so the page never flashes English.
void Promise.all([initLanguage(), adoptPersonalLink()]).finally(() => {
  render(() => <App />, root);
});

// Offline shell and installability (web/src/pwa.ts); never blocks the first render.
void registerServiceWorker();
