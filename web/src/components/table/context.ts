import { type Accessor, createContext, type Setter, useContext } from "solid-js";
import type { GameName } from "../../../../shared/games";
import type { TableView } from "../../lib/types";
import type { TableStore } from "../../stores/table";

export interface TableContextValue {
  id: string;
  store: TableStore;
  view: Accessor<TableView>;
  /** Cards chosen to put away (discard phase). */
  selected: Accessor<string[]>;
  setSelected: Setter<string[]>;
  /** The game being chosen in the declare panel: the hand is sorted for it as a preview. */
  previewGame: Accessor<GameName | null>;
  setPreviewGame: Setter<GameName | null>;
  showLastTrick: Accessor<boolean>;
  setShowLastTrick: Setter<boolean>;
}

export const TableContext = createContext<TableContextValue>();

export function useTable(): TableContextValue {
  const value = useContext(TableContext);
  if (!value) throw new Error("useTable outside a table");
  return value;
}
