package dev.flightdeck.app.connect;

import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;

import java.net.URI;
import java.util.List;

/**
 * The console never reads a Secret object: not for display, not for a YAML view, not by a watch. Every client
 * the console makes carries this interceptor, which refuses — before anything is sent — any read (GET, watch
 * included) of the core API's {@code secrets}, in one line. Creating or deleting one is not a read and passes.
 */
public final class SecretsNeverRead implements Interceptor {

    public static final String NAME = "flightdeck-secrets-never-read";

    /** Thrown, before the request leaves, for a read of Secrets. */
    public static final class Refused extends IllegalStateException {
        Refused(String path) {
            super("Flightdeck never reads Secret objects (their values would reach the screen): refused GET " + path);
        }
    }

    @Override
    public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
        if ("GET".equalsIgnoreCase(request.method()) && readsSecrets(request.uri())) {
            throw new Refused(request.uri().getRawPath());
        }
    }

    /** Whether {@code uri} names the core API's secrets: {@code /api/v1/secrets}, {@code /api/v1/namespaces/NS/secrets[/NAME]}. */
    static boolean readsSecrets(URI uri) {
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        List<String> s = List.of(path.replaceAll("^/+|/+$", "").split("/+"));
        int api = -1; // a server URL may carry a prefix before /api/v1 (a proxy's path)
        for (int i = 0; i + 1 < s.size() && api < 0; i++) {
            api = s.get(i).equals("api") && s.get(i + 1).equals("v1") ? i : -1;
        }
        if (api < 0 || s.size() < api + 3) {
            return false;
        }
        List<String> rest = s.subList(api + 2, s.size()); // after "api" and its version
        if (rest.size() >= 3 && rest.get(0).equals("namespaces")) {
            return rest.get(2).equals("secrets");
        }
        return rest.get(0).equals("secrets");
    }
}
