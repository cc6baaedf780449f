package dev.flightdeck.app.connect;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.Config;
import io.fabric8.kubernetes.api.model.NamedExtension;
import io.fabric8.kubernetes.api.model.runtime.RawExtension;

import java.io.IOException;

/**
 * A kubeconfig's text read into fabric8's model of it ({@code apiVersion: v1, kind: Config}) by a plain YAML
 * mapper. fabric8's own reader ({@code KubeConfigUtils.parseConfigFromString}) goes through its global
 * serializer, whose first use loads every Kubernetes model class on the class path to register their kinds:
 * about a fifth of a headless command's start-up CPU (and of the console's before its first request), spent on
 * classes nothing else here uses, since objects are read through {@code kube/}. The model classes are plain
 * Jackson beans that keep unknown fields, so the two readings are equal ({@code KubeconfigModelTest}).
 */
final class KubeconfigModel {

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            // An extension's value is the one field fabric8 reads with its KubernetesDeserializer, and making one
            // instance of that is what loads the whole model. Read here as fabric8 reads any value without a kind:
            // a RawExtension holding the map, list or scalar. (One with apiVersion and kind would be a typed object
            // to fabric8; neither its client nor the console reads an extension's value through this model.)
            .addMixIn(NamedExtension.class, PlainExtension.class)
            .build();

    private abstract static class PlainExtension {
        @JsonDeserialize(using = RawValue.class)
        Object extension;

        @JsonDeserialize(using = RawValue.class)
        abstract void setExtension(Object extension);
    }

    private static final class RawValue extends JsonDeserializer<RawExtension> {
        @Override
        public RawExtension deserialize(JsonParser p, DeserializationContext ctx) throws IOException {
            return new RawExtension(p.readValueAs(Object.class));
        }
    }

    private KubeconfigModel() {
    }

    static Config parse(String yaml) {
        try {
            return YAML.readValue(yaml, Config.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e.getOriginalMessage(), e);
        }
    }
}
