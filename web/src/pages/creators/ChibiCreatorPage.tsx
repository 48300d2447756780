import { CreatorPage } from '../../modules/creators/components/CreatorPage';
import { CHIBI_CONTENT } from '../../modules/creators/utils/chibi-content';

export const ChibiCreatorPage = () => <CreatorPage content={CHIBI_CONTENT} />;
