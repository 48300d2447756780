import { useState } from 'react';

import { useToast } from '../../toast/hooks/useToast';
import { Button, type ButtonVariant } from '../../ui/components/Button';
import { IconDownload } from '../../ui/icons/icons';
import { downloadFileName } from '../utils/download-file-name';
import { saveImageAsPng } from '../utils/save-image';

type DownloadImageButtonProps = {
  /** The image to save; the button is disabled without one. */
  url: string | null;
  /** The page's file name prefix, e.g. "ai-snoopy-character". */
  prefix: string;
  label?: string;
  variant?: ButtonVariant;
  size?: 'sm' | 'md' | 'lg';
  fullWidth?: boolean;
};

/** Saves the image as `<prefix>-<timestamp>.png`. */
export const DownloadImageButton = ({
  url,
  prefix,
  label = 'Download PNG',
  variant = 'primary',
  size = 'md',
  fullWidth = false,
}: DownloadImageButtonProps) => {
  const [saving, setSaving] = useState(false);
  const { toast } = useToast();

  const onClick = async () => {
    if (!url) return;
    setSaving(true);
    try {
      await saveImageAsPng(url, downloadFileName(prefix, new Date()));
    } catch (error) {
      console.error('Download failed', error);
      toast({
        title: 'Download failed',
        description: 'The image could not be downloaded. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Button
      variant={variant}
      size={size}
      fullWidth={fullWidth}
      disabled={!url}
      busy={saving}
      icon={<IconDownload size={18} />}
      onClick={() => void onClick()}
    >
      {label}
    </Button>
  );
};
