package dev.flightdeck.sandbox;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;

import java.net.URI;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The sandbox's object storage endpoint: the three S3 REST calls the console's checkpoint reader
 * makes — ListObjectsV2 (prefix, delimiter, max-keys, continuation), HeadObject and GetObject —
 * over real HTTP with S3's XML wire format, path-style ({@code /bucket/key}), so the real AWS SDK
 * reads sandbox checkpoints exactly as it reads a bucket.
 *
 * <p>Simulated rather than implemented: there is no authentication (signatures are accepted
 * unchecked, which is why the sandbox session uses fixed dummy keys and never the person's AWS
 * credentials), no writes, no versioning, no encoding-type. Tests of the checkpoint reader itself
 * run against S3Proxy, a real S3 server; this endpoint exists so the sandbox shows object-storage
 * checkpoints without shipping S3Proxy's Jetty stack in the console.
 */
public final class SandboxS3Server implements AutoCloseable {

    /** The dummy keys a sandbox session signs with; this server does not check them. */
    public static final String ACCESS_KEY = "sandbox";
    public static final String SECRET_KEY = "sandbox-not-a-secret";
    /** The bucket sandbox workloads name in {@code flightdeck.dev/checkpoint-prefix}. */
    public static final String BUCKET = "sandbox-checkpoints";

    private static final DateTimeFormatter ISO_MILLIS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneOffset.UTC);
    private static final String XMLNS = "http://s3.amazonaws.com/doc/2006-03-01/";

    private final SandboxBuckets buckets;
    private final Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(1));
    private HttpServer server;
    private URI endpoint;

    private volatile boolean reachable = true;

    public SandboxS3Server(SandboxBuckets buckets) {
        this.buckets = buckets;
    }

    /** Binds to 127.0.0.1 on a free port and returns the endpoint URL. */
    public URI start() {
        server = vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(0));
        server.requestHandler(this::handle);
        try {
            int port = server.listen().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS).actualPort();
            endpoint = URI.create("http://127.0.0.1:" + port);
            return endpoint;
        } catch (Exception e) {
            throw new IllegalStateException("sandbox object storage could not start: " + e.getMessage(), e);
        }
    }

    public URI endpoint() {
        return endpoint;
    }

    /** Unreachable: every connection is dropped as it arrives, as a store behind a failed route looks (a drill's fault). */
    public void setReachable(boolean reachable) {
        this.reachable = reachable;
    }

    public boolean isReachable() {
        return reachable;
    }

    private void handle(HttpServerRequest req) {
        if (!reachable) {
            req.connection().close();
            return;
        }
        String path = req.path().startsWith("/") ? req.path().substring(1) : req.path();
        int slash = path.indexOf('/');
        String bucket = slash < 0 ? path : path.substring(0, slash);
        String key = slash < 0 ? "" : decodePath(path.substring(slash + 1));
        HttpServerResponse res = req.response();
        Optional<NavigableMap<String, SandboxBuckets.StoredBlob>> contents = buckets.bucket(bucket);
        if (contents.isEmpty()) {
            error(res, req.method(), 404, "NoSuchBucket", "The specified bucket does not exist");
        } else if (key.isEmpty() && req.method() == HttpMethod.GET) {
            list(req, bucket, contents.get());
        } else if (req.method() == HttpMethod.GET || req.method() == HttpMethod.HEAD) {
            object(req, bucket, key);
        } else {
            error(res, req.method(), 405, "MethodNotAllowed", "The sandbox object storage is read-only");
        }
    }

    private void list(HttpServerRequest req, String bucket, NavigableMap<String, SandboxBuckets.StoredBlob> contents) {
        String prefix = orEmpty(req.getParam("prefix"));
        String delimiter = req.getParam("delimiter");
        int maxKeys = Math.clamp(parseOr(req.getParam("max-keys"), 1000), 1, 1000);
        S3Listing page;
        try {
            page = S3Listing.page(contents, prefix, delimiter, req.getParam("continuation-token"),
                    req.getParam("start-after"), maxKeys);
        } catch (IllegalArgumentException e) {
            error(req.response(), req.method(), 400, "InvalidArgument", e.getMessage());
            return;
        }
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ListBucketResult xmlns=\"")
                .append(XMLNS).append("\">");
        element(xml, "Name", bucket);
        element(xml, "Prefix", prefix);
        if (delimiter != null) {
            element(xml, "Delimiter", delimiter);
        }
        element(xml, "MaxKeys", Integer.toString(maxKeys));
        element(xml, "KeyCount", Integer.toString(page.contents().size() + page.commonPrefixes().size()));
        element(xml, "IsTruncated", Boolean.toString(page.nextContinuationToken() != null));
        if (req.getParam("continuation-token") != null) {
            element(xml, "ContinuationToken", req.getParam("continuation-token"));
        }
        if (page.nextContinuationToken() != null) {
            element(xml, "NextContinuationToken", page.nextContinuationToken());
        }
        for (Map.Entry<String, SandboxBuckets.StoredBlob> e : page.contents()) {
            xml.append("<Contents>");
            element(xml, "Key", e.getKey());
            element(xml, "LastModified", ISO_MILLIS.format(e.getValue().lastModified()));
            element(xml, "ETag", etag(e.getValue()));
            element(xml, "Size", Integer.toString(e.getValue().content().length));
            element(xml, "StorageClass", "STANDARD");
            xml.append("</Contents>");
        }
        for (String p : page.commonPrefixes()) {
            xml.append("<CommonPrefixes>");
            element(xml, "Prefix", p);
            xml.append("</CommonPrefixes>");
        }
        xml.append("</ListBucketResult>");
        req.response().putHeader("Content-Type", "application/xml").end(xml.toString());
    }

    private void object(HttpServerRequest req, String bucket, String key) {
        Optional<SandboxBuckets.StoredBlob> blob = buckets.get(bucket, key);
        if (blob.isEmpty()) {
            error(req.response(), req.method(), 404, "NoSuchKey", "The specified key does not exist.");
            return;
        }
        HttpServerResponse res = req.response()
                .putHeader("Last-Modified", DateTimeFormatter.RFC_1123_DATE_TIME.format(
                        blob.get().lastModified().atOffset(ZoneOffset.UTC)))
                .putHeader("ETag", etag(blob.get()))
                .putHeader("Content-Type", "application/octet-stream")
                .putHeader("Content-Length", Integer.toString(blob.get().content().length));
        if (req.method() == HttpMethod.HEAD) {
            res.end();
        } else {
            res.end(io.vertx.core.buffer.Buffer.buffer(blob.get().content()));
        }
    }

    /** S3's error document; HEAD answers carry the status only, as S3's do. */
    private static void error(HttpServerResponse res, HttpMethod method, int status, String code, String message) {
        res.setStatusCode(status);
        if (method == HttpMethod.HEAD) {
            res.end();
            return;
        }
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error>");
        element(xml, "Code", code);
        element(xml, "Message", message);
        xml.append("</Error>");
        res.putHeader("Content-Type", "application/xml").end(xml.toString());
    }

    private static String etag(SandboxBuckets.StoredBlob blob) {
        return "\"" + Integer.toHexString(java.util.Arrays.hashCode(blob.content())) + "\"";
    }

    private static void element(StringBuilder xml, String name, String text) {
        xml.append('<').append(name).append('>');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> xml.append("&lt;");
                case '>' -> xml.append("&gt;");
                case '&' -> xml.append("&amp;");
                case '"' -> xml.append("&quot;");
                default -> xml.append(c);
            }
        }
        xml.append("</").append(name).append('>');
    }

    private static String decodePath(String raw) {
        return java.net.URLDecoder.decode(raw.replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8);
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    private static int parseOr(String s, int fallback) {
        try {
            return s == null ? fallback : Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    @Override
    public void close() {
        vertx.close();
    }
}
