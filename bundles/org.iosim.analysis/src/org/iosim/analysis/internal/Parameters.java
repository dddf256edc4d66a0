package org.iosim.analysis.internal;

import java.util.Set;
import java.util.TreeSet;

import org.iosim.analysis.AnalysisModelException;
import org.iosim.analysis.ModelDefinition;

/** Checks of a definition's parameters shared by the built-in kinds. */
final class Parameters {

    private Parameters() {
    }

    /** Rejects parameters the kind does not know, since a misspelt one would otherwise be ignored silently. */
    static void requireOnly(ModelDefinition definition, Set<String> known) throws AnalysisModelException {
        Set<String> unknown = new TreeSet<>(definition.parameters().keySet());
        unknown.removeAll(known);
        if (!unknown.isEmpty()) {
            throw new AnalysisModelException("analysis model '" + definition.name() + "' of kind '" + definition.kind()
                    + "': unknown parameter" + (unknown.size() == 1 ? " " : "s ") + String.join(", ", unknown)
                    + "; known parameters: " + String.join(", ", new TreeSet<>(known)));
        }
    }

    /** @return the parameter's value, which must be given and not blank */
    static String required(ModelDefinition definition, String parameterName) throws AnalysisModelException {
        String value = definition.parameters().get(parameterName);
        if (value == null || value.isBlank()) {
            throw new AnalysisModelException("analysis model '" + definition.name() + "' of kind '" + definition.kind()
                    + "' needs the parameter '" + parameterName + "'");
        }
        return value;
    }
}
