package dev.flightdeck.app.telemetry.prometheus;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.zip.GZIPInputStream;

/**
 * An HTTP body held whole but never past a cap: the subscription is cancelled as soon as the answer grows beyond
 * it, so a runaway query costs the cap, not the heap. A gzip answer is unpacked under the same cap.
 */
final class CappedBody implements HttpResponse.BodySubscriber<byte[]> {

    private final int cap;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private Flow.Subscription subscription;

    CappedBody(int cap) {
        this.cap = cap;
    }

    static HttpResponse.BodyHandler<byte[]> handler(int cap) {
        return info -> new CappedBody(cap);
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        if (result.isDone()) {
            return;
        }
        for (ByteBuffer b : items) {
            if (out.size() + b.remaining() > cap) {
                subscription.cancel();
                result.completeExceptionally(tooLarge(cap));
                return;
            }
            byte[] chunk = new byte[b.remaining()];
            b.get(chunk);
            out.write(chunk, 0, chunk.length);
        }
    }

    @Override
    public void onError(Throwable t) {
        result.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
        result.complete(out.toByteArray());
    }

    /** {@code body} unpacked, failing past {@code cap} bytes. */
    static byte[] gunzip(byte[] body, int cap) throws IOException {
        try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(body))) {
            return readCapped(in, cap);
        }
    }

    /** All of {@code in}, failing past {@code cap} bytes. */
    static byte[] readCapped(InputStream in, int cap) throws IOException {
        byte[] b = in.readNBytes(cap);
        if (in.read() != -1) {
            throw tooLarge(cap);
        }
        return b;
    }

    static IOException tooLarge(int cap) {
        return new IOException("the answer is larger than " + (cap >> 20) + " MB; not read");
    }
}
