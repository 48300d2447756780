import type { GenerationConfig } from '../../config';
import type { ImageProvider } from './image-provider';
import { LocalImageProvider } from './local/local-provider';
import { RenderThread } from './local/render-thread';
import { ReplicateImageProvider } from './replicate/replicate-provider';

/** Replicate when a token is configured; otherwise the embedded local engine, in its own thread. */
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
  const thread = new RenderThread();
  // The subject detector's models load once, in the background, while the server starts.
  thread.start();
  const delay = config.localProviderDelayMs;
  return new LocalImageProvider({
    concurrency: 2,
    render:
      delay > 0
        ? async (request) => (
            await new Promise((resolve) => setTimeout(resolve, delay)),
            thread.render(request)
          )
        : thread.render,
  });
}
