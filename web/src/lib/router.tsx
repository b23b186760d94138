/**
 * A router small enough to sit in the first chunk: the location as a signal, links that push
 * history, and `match` for the few patterns the app has.
 */
import { createSignal, type JSX, splitProps } from "solid-js";

interface Where {
  path: string;
  query: URLSearchParams;
}

function read(): Where {
  return { path: location.pathname, query: new URLSearchParams(location.search) };
}

const [where, setWhere] = createSignal<Where>(read());
window.addEventListener("popstate", () => setWhere(read()));

export const currentPath = () => where().path;
export const queryParam = (name: string) => where().query.get(name);

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === location.pathname + location.search) return;
  if (options.replace) history.replaceState(null, "", to);
  else history.pushState(null, "", to);
  setWhere(read());
  if (!options.replace) window.scrollTo(0, 0);
}

/** `match("/t/:id", path)` → `{ id }` or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const have = path.replace(/\/+$/, "").split("/");
  if (path === "/" && pattern === "/") return {};
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i] as string;
    const value = have[i] as string;
    if (part.startsWith(":")) {
      if (!value) return null;
      params[part.slice(1)] = decodeURIComponent(value);
    } else if (part !== value) return null;
  }
  return params;
}

/** An anchor that navigates inside the app (modified clicks still open a new tab). */
export function Link(props: JSX.AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const [local, rest] = splitProps(props, ["href", "onClick"]);
  return (
    <a
      {...rest}
      href={local.href}
      onClick={(event) => {
        if (typeof local.onClick === "function") local.onClick(event);
        if (event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(local.href);
      }}
    />
  );
}
