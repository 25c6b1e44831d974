// Loaded on demand by the dialogs: drag and animation features of framer-motion, in a chunk of their own.
export { domMax as default } from "framer-motion";
