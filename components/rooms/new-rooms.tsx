import { useI18n } from "@/lib/client/i18n";
import { newRoomsLabel } from "@/lib/client/still-list";
import { secondaryButton } from "@/components/ui/styles";

/**
 * Above the list: the rooms held back while the player reads it, shown on a tap. The region is
 * polite and always there, so that a screen reader hears the count when it appears or changes.
 */
export function NewRooms({ count, onShow }: { count: number; onShow: () => void }) {
  const i18n = useI18n();
  return (
    <div aria-live="polite">
      {count > 0 && (
        <button type="button" onClick={onShow} className={`mb-3 w-full ${secondaryButton}`}>
          {newRoomsLabel(count, i18n)}
        </button>
      )}
    </div>
  );
}
