import { type MessageKey, t } from "../i18n";
import { en } from "../i18n/en";
import type { ErrorInfo } from "./types";

/** A sentence in the reader's language for an error code we know, a general one otherwise. */
export function errorText(error: Pick<ErrorInfo, "code">): string {
  const key = `error.${error.code}`;
  return key in en ? t(key as MessageKey) : t("error.generic");
}
