import { GiftService } from '../gift-service';

// Preloaded into a spawned API (node --import) by the crash test: the process SIGKILLs itself
// right after a redemption's GiftRedeemed event is appended, before the credits are written.
Object.defineProperty(GiftService.prototype, 'afterRedeemed', {
  value: async () => {
    process.kill(process.pid, 'SIGKILL');
    await new Promise(() => undefined);
  },
});
