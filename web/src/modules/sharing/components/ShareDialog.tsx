import { useId, useState } from 'react';

import type { ShareActions_GenerationFragment } from '../../../gql/graphql';
import { Button } from '../../ui/components/Button';
import { CheckboxField } from '../../ui/components/FormField';
import { Dialog, dialogFormClassName } from '../../ui/components/Dialog';
import { DialogActions } from '../../ui/components/DialogActions';
import type { useShareLink } from '../hooks/useShareLink';
import { canUseWebShare, shareUrl } from '../utils/share-link';

import styles from './ShareDialog.module.css';

type ShareDialogProps = {
  share: ShareActions_GenerationFragment['share'];
  title: string;
  originalPhoto: File | null;
  link: ReturnType<typeof useShareLink>;
  onClose: () => void;
};

/** Make a public link (optionally with the original photo), copy or share it, or stop sharing. */
export const ShareDialog = ({ share, title, originalPhoto, link, onClose }: ShareDialogProps) => {
  const id = useId();
  const [includeOriginal, setIncludeOriginal] = useState(false);

  if (!share) {
    return (
      <Dialog
        title="Share this image"
        intro="Anyone with the link can see the image and its style. Your name and email are never shown, and you can stop sharing at any moment."
        onClose={onClose}
      >
        <div className={dialogFormClassName}>
          <CheckboxField
            id={`${id}-original`}
            name="includeOriginal"
            checked={includeOriginal && Boolean(originalPhoto)}
            onChange={setIncludeOriginal}
            disabled={!originalPhoto}
            label="Include my original photo"
          />
          {!originalPhoto && (
            <p className={styles.hint}>
              Your photo was deleted after the image was made. To show it too, share from the
              creator right after making the image.
            </p>
          )}
          <DialogActions
            onCancel={onClose}
            confirmLabel="Create link"
            busy={link.busy}
            onConfirm={() =>
              void link.share(includeOriginal && Boolean(originalPhoto), originalPhoto)
            }
          />
        </div>
      </Dialog>
    );
  }

  const url = shareUrl(share.path);
  return (
    <Dialog
      title="Shared"
      intro={
        share.includesOriginal
          ? 'Anyone with this link sees the image and your original photo.'
          : 'Anyone with this link sees the image. Your original photo is not shown.'
      }
      onClose={onClose}
    >
      <div className={dialogFormClassName}>
        <label className={styles.label} htmlFor={`${id}-link`}>
          Public link
        </label>
        <input
          id={`${id}-link`}
          className={styles.link}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <DialogActions>
          <Button variant="danger" disabled={link.busy} onClick={() => void link.stop()}>
            Stop sharing
          </Button>
          {canUseWebShare() && (
            <Button variant="secondary" onClick={() => void link.shareSheet(share.path, title)}>
              Share
            </Button>
          )}
          <Button onClick={() => void link.copy(share.path)}>Copy link</Button>
        </DialogActions>
      </div>
    </Dialog>
  );
};
