import { useMutation } from '@apollo/client/react';

import { graphql } from '../../../../gql';
import { useToast } from '../../../toast/hooks/useToast';
import { formatCount, formatMoney } from '../../utils/admin-format';
import { ReasonConfirmDialog } from '../ReasonConfirmDialog';

const VOID_GIFT_MUTATION = graphql(`
  mutation AdminVoidGift($input: VoidGiftInput!) {
    staffVoidGift(input: $input) {
      ...GiftsSection_StaffGift
    }
  }
`);

export type VoidTarget = {
  id: string;
  credits: number;
  amountPaidCents: number;
  currency: string;
  buyerEmail: string | null;
};

type VoidGiftDialogProps = { gift: VoidTarget; onClose: () => void };

/** Asks for the reason, then voids the gift: its code stops working and the buyer is refunded. */
export const VoidGiftDialog = ({ gift, onClose }: VoidGiftDialogProps) => {
  const { toast } = useToast();
  const [voidGift, { loading }] = useMutation(VOID_GIFT_MUTATION);

  const confirm = async (reason: string) => {
    await voidGift({ variables: { input: { giftId: gift.id, reason } } });
    toast({
      title: 'Gift voided',
      description: `The code no longer works; ${formatMoney(gift.amountPaidCents, gift.currency)} goes back to the buyer.`,
    });
  };

  return (
    <ReasonConfirmDialog
      title="Void this gift?"
      intro={
        <p>
          {formatCount(gift.credits)} credits bought by {gift.buyerEmail ?? 'an unknown buyer'}. The
          code stops working and the payment of {formatMoney(gift.amountPaidCents, gift.currency)}{' '}
          is refunded. This cannot be undone; the ledger records you and your reason.
        </p>
      }
      confirmLabel="Void and refund"
      failureMessage="The gift could not be voided. Please try again."
      busy={loading}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
};
