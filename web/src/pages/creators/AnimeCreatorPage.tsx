import { CreatorPage } from '../../modules/creators/components/CreatorPage';
import { ANIME_CONTENT } from '../../modules/creators/utils/anime-content';

export const AnimeCreatorPage = () => <CreatorPage content={ANIME_CONTENT} />;
