import { useApolloClient, useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';

import { graphql } from '../../../gql';
import type { ClaimReason } from '../../../gql/graphql';
import { newIdempotencyKey } from '../../generation/utils/idempotency-key';
import { Button } from '../../ui/components/Button';

import styles from './ClaimCredits.module.css';

const CLAIM_MUTATION = graphql(`
  mutation ClaimGenerationCredits($input: ClaimGenerationCreditsInput!) {
    claimGenerationCredits(input: $input) {
      generationId
      reason
      credits
      claimedAt
    }
  }
`);

const REASONS: readonly { value: ClaimReason; label: string }[] = [
  { value: 'DOES_NOT_LOOK_LIKE_ME', label: 'It doesn’t look like me' },
  { value: 'WRONG_STYLE', label: 'It isn’t the style I chose' },
  { value: 'BROKEN_IMAGE', label: 'The image is broken' },
  { value: 'OTHER', label: 'Something else' },
];

type ClaimCreditsProps = {
  generationId: string;
  /** Already claimed (from the server): shows the outcome instead of the button. */
  claimed?: boolean;
};

/**
 * "Doesn't look like me?": the owner asks for the 5 credits of a result back, with a reason,
 * within 24 hours (the server decides the window and the limits, and says why when it refuses).
 */
export const ClaimCredits = ({ generationId, claimed = false }: ClaimCreditsProps) => {
  const client = useApolloClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ClaimReason | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const [done, setDone] = useState(claimed);
  const [error, setError] = useState<string | null>(null);
  const [claim, { loading }] = useMutation(CLAIM_MUTATION);

  if (done) {
    return (
      <p className={styles.done} role="status" data-testid="claim-done">
        5 credits are back in your balance for this image.
      </p>
    );
  }
  if (!open) {
    return (
      <div className={styles.claim}>
        <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
          Doesn’t look like you? Get your 5 credits back
        </Button>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError('Choose a reason');
      return;
    }
    setError(null);
    try {
      await claim({ variables: { input: { generationId, reason, idempotencyKey: key } } });
      setDone(true);
      client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'myGenerations' });
      void client.refetchQueries({ include: ['CurrentUser'] });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The claim could not be sent');
      setKey(newIdempotencyKey());
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      aria-label="Claim credits back"
    >
      <fieldset className={styles.reasons}>
        <legend className={styles.legend}>Why can’t you use this image?</legend>
        {REASONS.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name={`claim-reason-${generationId}`}
              value={option.value}
              checked={reason === option.value}
              onChange={() => setReason(option.value)}
            />{' '}
            {option.label}
          </label>
        ))}
      </fieldset>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" size="sm" disabled={loading}>
          {loading ? 'Sending…' : 'Give me my 5 credits back'}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
};
