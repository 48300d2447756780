import { useSignedInUser } from '../../auth/hooks/useSignedInUser';
import { CallToActionBand } from '../../marketing/components/CallToActionBand';
import { ButtonLink } from '../../ui/components/Button';

/** The closing band: an account for a visitor, the creator for someone signed in. */
export const PricingCallToAction = ({ titleId }: { titleId: string }) => {
  const { user } = useSignedInUser();
  return (
    <CallToActionBand
      titleId={titleId}
      title="Ready to meet your character?"
      body={
        user
          ? 'Pick a style and upload a photo: each image is 5 credits.'
          : 'Create a free account for 5 credits, or browse the styles first.'
      }
      actions={
        <>
          {user ? (
            <ButtonLink to="/action-figure-creator" size="lg" variant="inverse">
              Start Creating
            </ButtonLink>
          ) : (
            <ButtonLink to="/auth" size="lg" variant="inverse">
              Get Started Free
            </ButtonLink>
          )}
          <ButtonLink to="/#effects" size="lg" variant="inverseOutline">
            Explore the styles
          </ButtonLink>
        </>
      }
    />
  );
};
