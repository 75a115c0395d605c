"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, type FormEvent } from "react";
import { adminApi } from "@/lib/client/admin-api";
import type { Operator } from "@/lib/operators/contract";
import type { OperatorRole } from "@/lib/operators/roles";
import { describedBy, Field } from "@/components/ui/field";
import { inputClass, primaryButton } from "@/components/ui/styles";
import { formProblems } from "../form-problems";
import { operatorsKey } from "./roles";

const LABELS = { username: "Name", password: "Password", role: "Role" };

/** An admin adds a person: a name to sign in with, a first password (they cannot change it yet: give them a long one), and a role. */
export function AddOperator({ roles }: { roles: readonly OperatorRole[] }) {
  const id = useId();
  const client = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const add = useMutation({
    mutationFn: (body: { username: string; password: string; role: string }) => adminApi<Operator>("/v1/admin/operators", { method: "POST", body }),
    onSuccess: () => {
      form.current?.reset();
      return client.invalidateQueries({ queryKey: operatorsKey });
    },
  });
  const problems = formProblems(add.error, LABELS);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    add.mutate({ username: String(data.get("username") ?? "").trim(), password: String(data.get("password") ?? ""), role: String(data.get("role") ?? "") });
  };
  const hint = { username: "Letters, digits, dots, dashes or underscores; one person, one name.", password: "At least 12 characters. Give it to them in person, not by email." };
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Add an operator
      </h2>
      <form ref={form} onSubmit={submit} className="grid gap-4 sm:grid-cols-3">
        <Field id={`${id}-username`} label="Name" error={problems.fields.username} hint={hint.username}>
          <input id={`${id}-username`} name="username" required maxLength={50} autoComplete="off" autoCapitalize="none" spellCheck={false} className={inputClass} {...describedBy(`${id}-username`, problems.fields.username, hint.username)} />
        </Field>
        <Field id={`${id}-password`} label="Password" error={problems.fields.password} hint={hint.password}>
          <input id={`${id}-password`} name="password" type="password" required minLength={12} maxLength={500} autoComplete="new-password" className={inputClass} {...describedBy(`${id}-password`, problems.fields.password, hint.password)} />
        </Field>
        <Field id={`${id}-role`} label="Role" error={problems.fields.role}>
          <select id={`${id}-role`} name="role" defaultValue="viewer" className={inputClass} {...describedBy(`${id}-role`, problems.fields.role)}>
            {roles.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </Field>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
          <button type="submit" className={primaryButton} disabled={add.isPending}>
            {add.isPending ? "Adding…" : "Add the operator"}
          </button>
          {add.data && (
            <p role="status" className="text-sm text-emerald-300">
              {add.data.username} is on the team as {add.data.role}. They sign in with that name and password.
            </p>
          )}
          {problems.form && (
            <p role="alert" className="text-sm text-rose-300">
              {problems.form}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
