import { TeamView } from "@/components/admin/team/team-view";
import { OPERATOR_ROLES } from "@/lib/operators/roles";

// The operator's team: who may use the console and with which role; for admins, adding people,
// their API tokens and disabling them; for each operator, their own authenticator app.
export default function AdminTeamPage() {
  return <TeamView roles={OPERATOR_ROLES} />;
}
