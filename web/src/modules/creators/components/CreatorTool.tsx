import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { ART_STYLES } from '../../art-styles/utils/art-styles';
import { useAuthModal } from '../../auth/hooks/useAuthModal';
import { useSignedInUser } from '../../auth/hooks/useSignedInUser';
import { useAutoSweep } from '../../before-after/hooks/useAutoSweep';
import { CREATOR_DRAG_RANGE } from '../../before-after/utils/slider-math';
import { CreatorPreview } from '../../generation/components/CreatorPreview';
import { GenerateButton } from '../../generation/components/GenerateButton';
import { GenerationErrorBox } from '../../generation/components/GenerationErrorBox';
import { PhotoUpload } from '../../generation/components/PhotoUpload';
import { PreviewEngineNotice } from '../../generation/components/PreviewEngineNotice';
import { PromptField } from '../../generation/components/PromptField';
import { usePreloadResultParts } from '../../generation/components/SignedInResultParts';
import { useCreatorSession } from '../../generation/hooks/useCreatorSession';
import { useGenerateImage } from '../../generation/hooks/useGenerateImage';
import { usePhotoChoice } from '../../generation/hooks/usePhotoChoice';
import { API_STYLE } from '../../generation/utils/api-style';
import { generateButtonState } from '../../generation/utils/generate-button-state';
import { firstFailedPreCheck } from '../../generation/utils/generation-pre-checks';
import { SHOWCASE_FEATURED_PHOTO, SHOWCASE_IMAGES } from '../../showcase/utils/showcase-images';
import type { CreatorContent } from '../utils/creator-content';

import styles from './CreatorTool.module.css';

/**
 * The Ghibli, Pixar, anime, Snoopy and chibi creator: photo, Custom Prompt and the action
 * button on the left; the before/after slider, progress and download on the right. The anime
 * page adds a Remove button and shows failures in a red box; the others show them over the
 * preview and in a toast. It hydrates without the GraphQL client: a visitor's page never loads
 * it, a signed-in user's gets it through the signed-in shell.
 */
export const CreatorTool = ({ content }: { content: CreatorContent }) => {
  const { styleId, defaultPrompt, actionLabel, resultNoun } = content;
  const style = ART_STYLES[styleId];
  const isAnime = styleId === 'anime';
  const titleId = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const { user, loading } = useSignedInUser();
  usePreloadResultParts(Boolean(user));
  const { openAuthModal } = useAuthModal();
  const [session, update] = useCreatorSession(styleId);
  const photoChoice = usePhotoChoice(update);
  const generate = useGenerateImage(styleId, API_STYLE[styleId], resultNoun, {
    toastFailures: !isAnime,
  });
  const slider = useAutoSweep(CREATOR_DRAG_RANGE);

  const pending = session.run.status === 'pending';
  const buttonState = generateButtonState({
    authLoading: loading,
    credits: user ? user.credits : null,
    pending,
  });
  const login = () =>
    openAuthModal({
      mode: 'login',
      redirectTo: location.pathname,
      purpose: { kind: 'generate' },
    });

  const onGenerate = () => {
    const failed = firstFailedPreCheck({
      signedIn: Boolean(user),
      credits: user?.credits ?? 0,
      hasPhoto: Boolean(session.photo),
      missingPhotoMessage: 'Image is required',
    });
    if (failed?.check === 'signed-in') return login();
    if (failed?.check === 'credits') return void navigate('/pricing');
    if (failed || !session.photo) return photoChoice.refuse(failed?.message ?? 'Image is required');
    void generate({ photo: session.photo.file, prompt: session.prompt ?? defaultPrompt });
  };

  const featured = SHOWCASE_FEATURED_PHOTO[styleId];
  return (
    <section className={styles.tool} aria-labelledby={titleId} data-testid="creator-tool">
      <div className={styles.panel}>
        <h2 id={titleId} className={styles.title}>
          Create your {resultNoun}
        </h2>
        <PhotoUpload
          label="Your photo"
          photo={session.photo}
          error={session.photoError}
          onChoose={photoChoice.choose}
          onRemove={isAnime ? photoChoice.remove : undefined}
          disabled={pending}
        />
        <PromptField
          value={session.prompt ?? defaultPrompt}
          onChange={(prompt) => update((current) => ({ ...current, prompt }))}
          disabled={pending}
          hint="Describe anything you want to add or change. Leave it as it is for the classic look."
        />
        <GenerateButton
          state={buttonState}
          label={actionLabel}
          onGenerate={onGenerate}
          onLogin={login}
        />
        <PreviewEngineNotice />
        {isAnime && session.run.status === 'failed' && (
          <GenerationErrorBox message={session.run.message} />
        )}
      </div>
      <CreatorPreview
        session={session}
        resultNoun={resultNoun}
        placeholder={{
          before: SHOWCASE_IMAGES[featured].original,
          after: SHOWCASE_IMAGES[featured][styleId],
        }}
        slider={slider}
        range={CREATOR_DRAG_RANGE}
        downloadPrefix={style.downloadPrefix}
        styleName={style.name}
        showFailure={!isAnime}
      />
    </section>
  );
};
