import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import {
  type BugLocation,
  bugLocations,
  type FeedbackType,
  feedbackTypes,
  seriousnessLevels,
} from "../../../contract/feedback.ts";
import type { RadioOption } from "../../shared/ui/RadioGroup.tsx";
import type { Seriousness } from "./feedback-draft.ts";

// Keyed by the contract's values, so a new level or type fails the type check until it has a label.
const seriousnessText: Record<Seriousness, MessageDescriptor> = {
  1: msg`Minimal`,
  2: msg`Low`,
  3: msg`Medium`,
  4: msg`High`,
  5: msg`Critical`,
};

const typeText: Record<FeedbackType, MessageDescriptor> = {
  bug: msg`Report a bug`,
  feature: msg`Request a new feature`,
  experience: msg`Improve user experience`,
  other: msg`Other`,
};

const locationText: Record<BugLocation, MessageDescriptor> = {
  before_chat: msg`Before chatting`,
  generating: msg`While generating an answer`,
  in_answer: msg`In the answer`,
  other: msg`Other`,
};

export type SeriousnessValue = `${Seriousness}`;

export function toSeriousness(value: string): Seriousness | undefined {
  return seriousnessLevels.find((level) => `${level}` === value);
}

/** The options of the feedback form in the current language, in the contract's order. */
export function useFeedbackLabels() {
  const { i18n } = useLingui();
  const seriousness: RadioOption<SeriousnessValue>[] = seriousnessLevels.map((level) => ({
    value: `${level}`,
    label: i18n._(seriousnessText[level]),
  }));
  const types: RadioOption<FeedbackType>[] = feedbackTypes.map((type) => ({
    value: type,
    label: i18n._(typeText[type]),
  }));
  const locations: RadioOption<BugLocation>[] = bugLocations.map((location) => ({
    value: location,
    label: i18n._(locationText[location]),
  }));
  return { seriousness, types, locations };
}
