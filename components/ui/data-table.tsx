import type { ReactNode } from "react";
import { focusRing } from "./styles";

/**
 * A table of figures with its caption for screen readers; it scrolls sideways on a narrow screen.
 * `dense` narrows the cells' padding, for a table of many figures that must fit a laptop's width.
 */
export function Table({ caption, head, rows, dense = false }: { caption: string; head: string[]; rows: ReactNode[][]; dense?: boolean }) {
  const cell = dense ? "px-1.5 py-2" : "px-3 py-2";
  return (
    // A region in the tab order, so that a table wider than the screen can be scrolled with the keyboard.
    <div role="region" aria-label={caption} tabIndex={0} className={`overflow-x-auto rounded-lg border border-slate-700 ${focusRing}`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-900 text-slate-300">
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col" className={cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i} className="border-t border-slate-800">
              {cells.map((c, j) => (
                <td key={j} className={`${cell} align-top`}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
