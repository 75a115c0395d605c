"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import type { PlayerNote } from "@/lib/admin/support-contract";
import { adminApi, adminKeys } from "@/lib/client/admin-api";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Pager } from "@/components/ui/pager";
import { inputClass, primaryButton } from "@/components/ui/styles";
import { formProblems } from "../form-problems";
import { useConsoleAccess } from "../role-context";

interface NotePage {
  notes: PlayerNote[];
  page: number;
  total: number;
  total_pages: number;
}

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** What support wrote about the player, newest first, a page at a time; support adds to it. Notes are never changed or deleted. */
export function PlayerNotes({ playerId, path }: { playerId: string; path: string }) {
  const { can } = useConsoleAccess();
  const id = useId();
  const client = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const [page, setPage] = useState(1);
  const key = [...adminKeys.all, "notes", playerId];
  const notes = useQuery({ queryKey: [...key, page], queryFn: () => adminApi<NotePage>(`${path}/notes?page=${page}`), placeholderData: keepPreviousData });
  const add = useMutation({
    mutationFn: (body: string) => adminApi<PlayerNote>(`${path}/notes`, { method: "POST", body: { body } }),
    onSuccess: () => {
      form.current?.reset();
      setPage(1);
      return client.invalidateQueries({ queryKey: key });
    },
  });
  const problems = formProblems(add.error, { body: "The note" });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    add.mutate(String(new FormData(event.currentTarget).get("body") ?? "").trim());
  };
  const problem = problems.fields.body ?? problems.form;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Notes
      </h2>
      {can("addNote") && (
        <form ref={form} onSubmit={submit} aria-label="Write a note" className="space-y-2">
          <label htmlFor={`${id}-body`} className="block text-sm">
            A note for the team (kept as written: it cannot be changed or deleted)
          </label>
          <textarea
            id={`${id}-body`}
            name="body"
            required
            maxLength={2000}
            rows={3}
            className={inputClass}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
          />
          {problem && (
            <p id={`${id}-error`} role="alert" className="text-sm text-rose-300">
              {problem}
            </p>
          )}
          <button type="submit" className={primaryButton} disabled={add.isPending}>
            Add the note
          </button>
        </form>
      )}
      {notes.error && <ErrorPanel title="The notes could not be loaded" message={notes.error.message} onRetry={() => notes.refetch()} />}
      {notes.data &&
        (notes.data.notes.length === 0 ? (
          <p className="text-sm text-slate-300">No notes yet.</p>
        ) : (
          <>
            <ol className="space-y-2" aria-label="Notes, newest first">
              {notes.data.notes.map((n) => (
                <li key={n.id} className="rounded-lg border border-slate-700 p-3" data-testid="player-note">
                  <p className="text-xs text-slate-300">
                    {n.author} · {when(n.created_at)}
                  </p>
                  <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]">{n.body}</p>
                </li>
              ))}
            </ol>
            {notes.data.total_pages > 1 && <Pager label="Note pages" noun="notes" page={page} shown={notes.data} onPage={setPage} />}
          </>
        ))}
    </section>
  );
}
