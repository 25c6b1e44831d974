import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatAttachment } from "../../../../contract/chat.ts";
import { readDataUrl } from "../../../shared/files/read-data-url.ts";
import { type ImageUpload, uploadImages, uploadPdf } from "../api/chat-mutations.ts";
import { compressImage } from "../image-compress.ts";
import { type AttachmentProblem, checkImages, checkPdf, needsCompression } from "../model/attachment-rules.ts";

export interface AttachmentDraft {
  id: string;
  kind: "image" | "pdf";
  name: string;
  size: number;
  /** an object URL of the picked image, for its thumbnail */
  previewUrl: string | undefined;
  /** set once the server stored it */
  attachment: ChatAttachment | undefined;
}

/** Spec §4: the progress advances every 200 ms up to 88, and jumps to 100 when the upload finishes. */
export const PROGRESS_STEP_MS = 200;
export const PROGRESS_CAP = 88;
const PROGRESS_INCREMENT = 8;

export interface AttachmentsDeps {
  compress?: (file: Blob) => Promise<Blob>;
}

let nextId = 0;
const draftId = () => `att-${++nextId}`;

function objectUrl(file: Blob): string | undefined {
  return typeof URL.createObjectURL === "function" ? URL.createObjectURL(file) : undefined;
}

async function toUpload(file: File, compress: (file: Blob) => Promise<Blob>): Promise<ImageUpload> {
  let blob: Blob = file;
  if (needsCompression(file.size)) {
    try {
      blob = await compress(file);
    } catch {
      // a browser without createImageBitmap or canvas encoding: the original goes (it is under 10 MB)
    }
  }
  const dataUrl = await readDataUrl(blob);
  return {
    type: blob.type || file.type || "image/jpeg",
    base64content: dataUrl.slice(dataUrl.indexOf(",") + 1),
    name: file.name,
  };
}

/**
 * The question's attachments: up to 5 images and one PDF, checked (spec §5), compressed when large, uploaded
 * at once with a progress value, removable before sending.
 */
export function useAttachments({ compress = compressImage }: AttachmentsDeps = {}) {
  const [drafts, setDrafts] = useState<readonly AttachmentDraft[]>([]);
  const [problems, setProblems] = useState<readonly AttachmentProblem[]>([]);
  const [uploadFailed, setUploadFailed] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const pending = useRef(0);
  const ticker = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const draftsRef = useRef(drafts);
  draftsRef.current = drafts;

  useEffect(
    () => () => {
      clearInterval(ticker.current);
      clearTimeout(hideTimer.current);
      for (const draft of draftsRef.current) if (draft.previewUrl) URL.revokeObjectURL(draft.previewUrl);
    },
    [],
  );

  const beginUpload = useCallback(() => {
    pending.current += 1;
    if (pending.current > 1) return;
    clearTimeout(hideTimer.current);
    setProgress(0);
    ticker.current = setInterval(() => {
      setProgress((value) => Math.min(PROGRESS_CAP, (value ?? 0) + PROGRESS_INCREMENT));
    }, PROGRESS_STEP_MS);
  }, []);
  const endUpload = useCallback(() => {
    pending.current -= 1;
    if (pending.current > 0) return;
    clearInterval(ticker.current);
    setProgress(100);
    hideTimer.current = setTimeout(() => setProgress(null), 400);
  }, []);

  const drop = useCallback(
    (ids: readonly string[]) =>
      setDrafts((current) =>
        current.filter((draft) => {
          if (!ids.includes(draft.id)) return true;
          if (draft.previewUrl) URL.revokeObjectURL(draft.previewUrl);
          return false;
        }),
      ),
    [],
  );

  const addImages = useCallback(
    async (files: readonly File[]) => {
      setUploadFailed(false);
      const attached = draftsRef.current.filter((draft) => draft.kind === "image").length;
      const { accepted, problems: found } = checkImages(files, attached);
      setProblems(found);
      if (accepted.length === 0) return;
      const added: AttachmentDraft[] = accepted.map((file) => ({
        id: draftId(),
        kind: "image",
        name: file.name,
        size: file.size,
        previewUrl: objectUrl(file),
        attachment: undefined,
      }));
      setDrafts((current) => [...current, ...added]);
      beginUpload();
      try {
        const uploads = await Promise.all(accepted.map((file) => toUpload(file, compress)));
        const { files_url: urls } = await uploadImages(uploads);
        if (urls.length < added.length) throw new Error("fewer URLs than images");
        setDrafts((current) =>
          current.map((draft) => {
            const index = added.findIndex((candidate) => candidate.id === draft.id);
            const url = urls[index];
            return index >= 0 && url ? { ...draft, attachment: { type: "image", url } } : draft;
          }),
        );
      } catch {
        setUploadFailed(true);
        drop(added.map((draft) => draft.id));
      } finally {
        endUpload();
      }
    },
    [compress, drop, beginUpload, endUpload],
  );

  const addPdf = useCallback(
    async (file: File) => {
      setUploadFailed(false);
      const problem = checkPdf(file);
      setProblems(problem ? [problem] : []);
      if (problem) return;
      const draft: AttachmentDraft = {
        id: draftId(),
        kind: "pdf",
        name: file.name,
        size: file.size,
        previewUrl: undefined,
        attachment: undefined,
      };
      // one PDF per question: a new one replaces the last
      setDrafts((current) => [...current.filter((candidate) => candidate.kind !== "pdf"), draft]);
      beginUpload();
      try {
        const dataUrl = await readDataUrl(file);
        const stored = await uploadPdf({
          name: file.name,
          type: file.type,
          base64content: dataUrl.slice(dataUrl.indexOf(",") + 1),
        });
        setDrafts((current) =>
          current.map((candidate) =>
            candidate.id === draft.id
              ? { ...candidate, attachment: { type: "pdf", fileId: stored.fileId, name: stored.name } }
              : candidate,
          ),
        );
      } catch {
        setUploadFailed(true);
        drop([draft.id]);
      } finally {
        endUpload();
      }
    },
    [drop, endUpload, beginUpload],
  );

  const remove = useCallback((id: string) => drop([id]), [drop]);

  /** after sending: the attachments went with the question, which shows them by their stored URLs */
  const clear = useCallback(() => {
    for (const draft of draftsRef.current) if (draft.previewUrl) URL.revokeObjectURL(draft.previewUrl);
    setDrafts([]);
    setProblems([]);
    setUploadFailed(false);
  }, []);

  const uploading = drafts.some((draft) => !draft.attachment);
  const ready = drafts.flatMap((draft) => (draft.attachment ? [draft.attachment] : []));
  return { drafts, problems, uploadFailed, progress, uploading, ready, addImages, addPdf, remove, clear };
}
