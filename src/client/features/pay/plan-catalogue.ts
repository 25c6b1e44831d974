import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Packages } from "../../../contract/constants.ts";
import type { ProductTypeName } from "../../../contract/pay.ts";
import { formatPoints } from "../../shared/format/points.ts";

type PackageName = (typeof Packages)[number]["name"];

/** The name each package is sold under (spec §6 plans: monthly, quarterly, annual, 1-day and 3-day trials). */
const packageNames: Readonly<Record<PackageName, MessageDescriptor>> = {
  trial1: msg`1-day trial`,
  trial3: msg`3-day trial`,
  monthly: msg`Monthly`,
  quarterly: msg`Quarterly`,
  annual: msg`Annual`,
};

function isPackageName(name: string): name is PackageName {
  return Object.hasOwn(packageNames, name);
}

/** A package's name by its catalogue name (pay/products `name`); a name this app does not know reads as is. */
export function packageTitle(name: string): MessageDescriptor {
  // not a catalogue message: shown as the server names it
  return isPackageName(name) ? packageNames[name] : { id: name, message: name };
}

/** What an order bought, from what it gives (the order's own card/days or points) or its catalogue entry. */
export function orderProductTitle(order: {
  productType: ProductTypeName;
  productId: number;
  points: number | null;
}): MessageDescriptor {
  if (order.productType === "POINTS") {
    if (order.points === null) return msg`Points recharge`;
    const points = formatPoints(order.points);
    return msg`${points} points`;
  }
  const item = Packages.find((candidate) => candidate.productId === order.productId);
  return item ? packageNames[item.name] : msg`Membership package`;
}
