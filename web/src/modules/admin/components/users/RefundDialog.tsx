import { useMutation } from '@apollo/client/react';

import { graphql } from '../../../../gql';
import { useActionKey } from '../../../apollo/hooks/useActionKey';
import { useToast } from '../../../toast/hooks/useToast';
import { formatCount, formatUtc, humanize } from '../../utils/admin-format';
import { ReasonConfirmDialog } from '../ReasonConfirmDialog';

const REFUND_GENERATION_MUTATION = graphql(`
  mutation AdminRefundGeneration($input: RefundGenerationInput!) {
    staffRefundGeneration(input: $input) {
      ...UserSummary_StaffUser
    }
  }
`);

export type RefundTarget = { id: string; style: string; requestedAt: string };

type RefundDialogProps = { generation: RefundTarget; onClose: () => void };

/** Asks for the reason, then gives back the generation's 5 credits (staff as actor). */
export const RefundDialog = ({ generation, onClose }: RefundDialogProps) => {
  const { toast } = useToast();
  const { keyFor, done } = useActionKey();
  const [refund, { loading }] = useMutation(REFUND_GENERATION_MUTATION, {
    refetchQueries: ['AdminLedger', 'CurrentUser'],
    awaitRefetchQueries: true,
  });

  const confirm = async (reason: string) => {
    const input = { generationId: generation.id, reason };
    const { data } = await refund({
      variables: { input: { ...input, idempotencyKey: keyFor(JSON.stringify(input)) } },
    });
    done();
    const balance = data?.staffRefundGeneration.credits;
    toast({
      title: 'Generation refunded',
      description:
        balance === undefined
          ? 'Its credits are back on the account.'
          : `Its credits are back on the account. Available now: ${formatCount(balance)}.`,
    });
  };

  return (
    <ReasonConfirmDialog
      title="Refund this generation?"
      intro={
        <p>
          {humanize(generation.style)}, requested {formatUtc(generation.requestedAt)}. Its credits
          go back to the user; the ledger records you and your reason.
        </p>
      }
      confirmLabel="Refund credits"
      failureMessage="The refund failed. Please try again."
      busy={loading}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
};
