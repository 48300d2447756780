import type { ReactNode } from 'react';
import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { ART_STYLES } from '../../art-styles/utils/art-styles';
import { useAuthModal } from '../../auth/hooks/useAuthModal';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { useDemoSweep } from '../../before-after/hooks/useAutoSweep';
import { DEMO_DRAG_RANGE } from '../../before-after/utils/demo-sweep';
import { CreatorPreview } from '../../generation/components/CreatorPreview';
import { GenerateButton } from '../../generation/components/GenerateButton';
import { PreviewEngineNotice } from '../../generation/components/PreviewEngineNotice';
import { PhotoUpload } from '../../generation/components/PhotoUpload';
import { usePreloadResultParts } from '../../generation/components/SignedInResultParts';
import { useCreatorSession } from '../../generation/hooks/useCreatorSession';
import { useGenerateImage } from '../../generation/hooks/useGenerateImage';
import { usePhotoChoice } from '../../generation/hooks/usePhotoChoice';
import { generateButtonState } from '../../generation/utils/generate-button-state';
import {
  firstFailedPreCheck,
  PRE_CHECK_MESSAGES,
} from '../../generation/utils/generation-pre-checks';
import { SHOWCASE_IMAGES } from '../../showcase/utils/showcase-images';
import { useFigureForm } from '../hooks/useFigureForm';
import { useFigurePrompt } from '../hooks/useFigurePrompt';
import { figureConfigOf, validateFigureForm } from '../utils/figure-config';

import styles from './ActionFigureTool.module.css';
import { ExampleDownloads } from './ExampleDownloads';
import { FigureConfigForm } from './FigureConfigForm';
import { FigurePromptStep } from './FigurePromptStep';

const STYLE = ART_STYLES['action-figure'];
const RESULT_NOUN = 'action figure';

/**
 * The action figure creator: configuration, prompt and profile image on the left; the demo
 * slider, result, download and two example downloads on the right. Create needs a prompt.
 */
export const ActionFigureTool = () => {
  const formRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const { user, loading } = useCurrentUser();
  usePreloadResultParts(Boolean(user));
  const { openAuthModal } = useAuthModal();
  const [session, update] = useCreatorSession('action-figure');
  const [form, dispatch] = useFigureForm();
  const config = figureConfigOf(form);
  const prompt = session.prompt ?? '';
  const figurePrompt = useFigurePrompt(update, config);
  const photoChoice = usePhotoChoice(update, { ignoreNonImages: true });
  const generate = useGenerateImage('action-figure', 'ACTION_FIGURE', RESULT_NOUN, {
    toastFailures: true,
  });
  const slider = useDemoSweep(DEMO_DRAG_RANGE);
  const pending = session.run.status === 'pending';
  const login = () =>
    openAuthModal({
      mode: 'login',
      redirectTo: location.pathname,
      purpose: { kind: 'generate' },
    });

  const onGeneratePrompt = () => {
    const errors = validateFigureForm(form);
    dispatch({ type: 'errors', errors });
    if (Object.keys(errors).length > 0) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    void figurePrompt.write();
  };

  const onCreate = () => {
    const failed = firstFailedPreCheck({
      signedIn: Boolean(user),
      credits: user?.credits ?? 0,
      hasPhoto: Boolean(session.photo),
      missingPhotoMessage: PRE_CHECK_MESSAGES.profileImage,
    });
    if (failed?.check === 'signed-in') return login();
    if (failed?.check === 'credits') return void navigate('/pricing');
    if (failed || !session.photo) {
      return photoChoice.refuse(failed?.message ?? PRE_CHECK_MESSAGES.profileImage);
    }
    const valid = Object.keys(validateFigureForm(form)).length === 0;
    void generate({
      photo: session.photo.file,
      prompt,
      ...(valid ? { actionFigure: config } : {}),
    });
  };

  return (
    <section className={styles.tool} aria-labelledby="figure-tool-title" data-testid="creator-tool">
      <div className={styles.config} ref={formRef}>
        <h2 id="figure-tool-title" className={styles.title}>
          Design your action figure
        </h2>
        <Step number={1} title="Describe your figure">
          <FigureConfigForm form={form} dispatch={dispatch} />
        </Step>
        <Step number={2} title="Write the prompt">
          <FigurePromptStep
            prompt={prompt}
            onPromptChange={(value) => update((current) => ({ ...current, prompt: value }))}
            onGeneratePrompt={onGeneratePrompt}
            generating={figurePrompt.writing}
            stale={figurePrompt.stale}
            error={figurePrompt.error}
            disabled={pending}
          />
        </Step>
        <Step number={3} title="Add your photo">
          <PhotoUpload
            label="Profile image"
            photo={session.photo}
            error={session.photoError}
            onChoose={photoChoice.choose}
            disabled={pending}
          />
        </Step>
        {/* The configuration is long: Create stays in view at the foot of the screen while it is edited. */}
        <div className={styles.actionBar}>
          <GenerateButton
            state={generateButtonState({
              authLoading: loading,
              credits: user ? user.credits : null,
              pending,
              hasPrompt: prompt.trim().length > 0,
            })}
            label="Create Action Figure"
            onGenerate={onCreate}
            onLogin={login}
            disabledReason="Generate or type a prompt first"
          />
        </div>
        <PreviewEngineNotice />
      </div>
      <div className={styles.preview}>
        <CreatorPreview
          session={session}
          resultNoun={RESULT_NOUN}
          placeholder={{
            before: SHOWCASE_IMAGES.astronaut.original,
            after: SHOWCASE_IMAGES.astronaut['action-figure'],
          }}
          slider={slider}
          range={DEMO_DRAG_RANGE}
          downloadPrefix={STYLE.downloadPrefix}
          styleName={STYLE.name}
          showFailure
        >
          <ExampleDownloads prefix={STYLE.downloadPrefix} />
        </CreatorPreview>
      </div>
    </section>
  );
};

const Step = ({
  number,
  title,
  children,
}: {
  number: number;
  title: string;
  children: ReactNode;
}) => (
  <div className={styles.step}>
    <h3 className={styles.stepTitle}>
      <span className={styles.stepNumber} aria-hidden="true">
        {number}
      </span>
      {title}
    </h3>
    {children}
  </div>
);
