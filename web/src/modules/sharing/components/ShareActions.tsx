import { useState } from 'react';

import { graphql } from '../../../gql';
import type { ShareActions_GenerationFragment } from '../../../gql/graphql';
import { Button } from '../../ui/components/Button';
import { IconShare } from '../../ui/icons/icons';
import { useShareLink } from '../hooks/useShareLink';
import { canUseWebShare } from '../utils/share-link';

import { ShareDialog } from './ShareDialog';

export const SHARE_ACTIONS_FRAGMENT = graphql(`
  fragment ShareActions_Generation on Generation {
    id
    share {
      id
      path
      includesOriginal
    }
  }
`);

type ShareActionsProps = {
  generation: ShareActions_GenerationFragment;
  /** The style's name, for the share sheet's title. */
  styleName: string;
  /** The photo it was made from, when the page still has it (the server deleted its copy). */
  originalPhoto: File | null;
  size?: 'sm' | 'md';
};

/**
 * Beside "Download PNG": "Share" opens the dialog; once shared, "Copy link" (and the system share
 * sheet where there is one) are one press away, and "Shared" opens the dialog to stop it.
 */
export const ShareActions = ({
  generation,
  styleName,
  originalPhoto,
  size = 'md',
}: ShareActionsProps) => {
  const [open, setOpen] = useState(false);
  const link = useShareLink(generation.id);
  const { share } = generation;
  const title = `My ${styleName} picture`;

  return (
    <>
      {share ? (
        <>
          <Button variant="secondary" size={size} onClick={() => void link.copy(share.path)}>
            Copy link
          </Button>
          {canUseWebShare() && (
            <Button
              variant="secondary"
              size={size}
              icon={<IconShare size={16} />}
              onClick={() => void link.shareSheet(share.path, title)}
            >
              Share
            </Button>
          )}
          <Button variant="ghost" size={size} onClick={() => setOpen(true)} aria-haspopup="dialog">
            Shared
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          size={size}
          icon={<IconShare size={16} />}
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
        >
          Share
        </Button>
      )}
      {open && (
        <ShareDialog
          share={share ?? null}
          title={title}
          originalPhoto={originalPhoto}
          link={link}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
};
