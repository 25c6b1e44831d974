import { useLingui } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { useHost } from "../../../host/host-context.tsx";
import { isApiError } from "../../../shared/api/api-error.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { type Edition, editionAtom } from "../../../shared/settings/settings.ts";
import { RadioGroup } from "../../../shared/ui/RadioGroup.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { useSetEdition } from "../api/set-edition.ts";

/** PLUS or Basic (spec §3 Edition, §6: PLUS gets 20 extra daily uses; Basic has no voice). */
export function EditionSwitch() {
  const { t } = useLingui();
  const host = useHost();
  const toast = useToast();
  const [edition, setEditionValue] = useAtom(editionAtom);
  const save = useSetEdition();
  return (
    <RadioGroup<Edition>
      label={t`Edition`}
      name="edition"
      options={[
        { value: "PLUSEdition", label: t`PLUS` },
        { value: "BasicEdition", label: t`Basic` },
      ]}
      value={edition}
      onChange={async (next) => {
        if (next === edition || save.isMutating) return;
        host.haptics.selection();
        // The choice shows at once and is taken back if the server refuses it.
        const previous = edition;
        setEditionValue(next);
        try {
          await save.trigger({ edition: next });
          toast.show(messageKeyText.Success, "success");
        } catch (error) {
          setEditionValue(previous);
          toast.show(messageForKey(isApiError(error) ? error.key : "Serverbusy"), "error");
        }
      }}
    />
  );
}
