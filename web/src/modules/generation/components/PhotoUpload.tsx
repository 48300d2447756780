import type { ChangeEvent, DragEvent } from 'react';
import { useId, useRef, useState } from 'react';

import { Button } from '../../ui/components/Button';
import { IconClose, IconUpload } from '../../ui/icons/icons';
import { cx } from '../../ui/utils/cx';
import { PHOTO_INPUT_ACCEPT } from '../utils/check-photo-file';
import type { ChosenPhoto } from '../utils/creator-session-store';

import styles from './PhotoUpload.module.css';

type PhotoUploadProps = {
  label: string;
  photo: ChosenPhoto | null;
  error: string | null;
  onChoose: (file: File) => unknown;
  /** Shown as a Remove button when given (the anime page). */
  onRemove?: () => void;
  disabled?: boolean;
};

const formatSize = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A drop zone and file picker with a preview of the chosen photo. */
export const PhotoUpload = ({
  label,
  photo,
  error,
  onChoose,
  onRemove,
  disabled = false,
}: PhotoUploadProps) => {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Reset so choosing the same file again still fires a change.
    event.target.value = '';
    if (file) onChoose(file);
  };
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onChoose(file);
  };

  return (
    <div className={styles.field}>
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      <label
        htmlFor={id}
        className={cx(
          styles.zone,
          photo && styles.hasPhoto,
          dragOver && styles.dragOver,
          error && styles.invalid,
          disabled && styles.disabled,
        )}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
      >
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={PHOTO_INPUT_ACCEPT}
          className={styles.input}
          onChange={onChange}
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
        />
        {photo ? (
          <>
            <img className={styles.preview} src={photo.previewUrl} alt="Preview of your photo" />
            <span className={styles.fileInfo}>
              <span className={styles.fileName}>{photo.file.name}</span>
              <span className={styles.fileMeta}>
                {formatSize(photo.file.size)} · {disabled ? 'In use' : 'Click or drop to change'}
              </span>
            </span>
          </>
        ) : (
          <>
            <span className={styles.icon} aria-hidden="true">
              <IconUpload size={22} />
            </span>
            <span className={styles.prompt}>
              <strong>Click to upload</strong> or drag a photo here
            </span>
          </>
        )}
      </label>
      <p id={hintId} className={styles.hint}>
        JPG, PNG or WEBP · up to 10 MB
      </p>
      {onRemove && photo && (
        <Button
          variant="ghost"
          size="sm"
          icon={<IconClose size={16} />}
          onClick={onRemove}
          disabled={disabled}
          className={styles.remove}
        >
          Remove photo
        </Button>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
};
