import { CreatorPage } from '../../modules/creators/components/CreatorPage';
import { GHIBLI_CONTENT } from '../../modules/creators/utils/ghibli-content';

export const GhibliCreatorPage = () => <CreatorPage content={GHIBLI_CONTENT} />;
