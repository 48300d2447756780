import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { AppApolloProvider } from '../../apollo/components/AppApolloProvider';
import { appRoutes } from '../utils/app-routes';

const router = createBrowserRouter(appRoutes);

export const App = () => (
  <AppApolloProvider>
    <RouterProvider router={router} />
  </AppApolloProvider>
);
