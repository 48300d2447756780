import { CreatorPage } from '../../modules/creators/components/CreatorPage';
import { SNOOPY_CONTENT } from '../../modules/creators/utils/snoopy-content';

export const SnoopyCreatorPage = () => <CreatorPage content={SNOOPY_CONTENT} />;
