import { CreatorPage } from '../../modules/creators/components/CreatorPage';
import { PIXAR_CONTENT } from '../../modules/creators/utils/pixar-content';

export const PixarCreatorPage = () => <CreatorPage content={PIXAR_CONTENT} />;
