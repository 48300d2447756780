import { RouterProvider } from 'react-router/dom';

import { appRouter } from '../utils/app-router';

/** The GraphQL client is not here: the pages and parts that need it load it (withApollo). */
export const App = () => <RouterProvider router={appRouter()} />;
