// The per-language string packs of the ALTCHA widget register themselves on import and export nothing.
declare module "altcha/i18n/zh-cn" {}
