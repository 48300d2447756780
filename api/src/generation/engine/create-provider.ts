import type { GenerationConfig } from '../../config';
import type { ImageProvider } from './image-provider';
import { LocalImageProvider } from './local/local-provider';
import { renderLocal } from './local/render';
import { loadDetector } from './local/subject/detector';
import { ReplicateImageProvider } from './replicate/replicate-provider';

/** Replicate when a token is configured; otherwise the embedded local engine. */
export function createImageProvider(config: GenerationConfig): ImageProvider {
  if (config.replicate) {
    return new ReplicateImageProvider({
      apiToken: config.replicate.apiToken,
      ...(config.replicate.baseUrl ? { baseUrl: config.replicate.baseUrl } : {}),
      model: config.replicate.model,
      pollIntervalMs: 1_000,
      timeoutMs: config.providerTimeoutMs,
    });
  }
  // The subject detector's models load once, in the background, while the server starts.
  void loadDetector();
  const delay = config.localProviderDelayMs;
  return new LocalImageProvider({
    concurrency: 2,
    ...(delay > 0
      ? {
          render: async (request) => (
            await new Promise((resolve) => setTimeout(resolve, delay)),
            renderLocal(request)
          ),
        }
      : {}),
  });
}
