/**
 * Brazilian Portuguese: the login screens that load lazily (consent, allowlist, links, phone,
 * captcha, OAuth, passkeys, Farcaster; terms: docs/i18n/glossary-pt.md), put over their English
 * objects as those load (core/text/registry.ts).
 */
import type { ScreenTexts } from '../catalogue.js';

export const SCREENS: ScreenTexts = {
  CONSENT_TEXT: {
    title: 'Só mais um passo',
    detail: 'Antes de continuar, leia e aceite os termos deste app.',
    viewTerms: 'Ver termos',
    viewPrivacyPolicy: 'Ver política de privacidade',
    decline: 'Agora não',
    accept: 'Aceitar',
    acceptFailed: 'Não foi possível salvar sua resposta. Tente novamente.',
  },
  ALLOWLIST_TEXT: {
    title: 'Você não tem acesso a este app',
    detail: 'Você recebeu um convite?',
    cta: 'Tentar outra conta',
  },
  LINK_TEXT: {
    linkEmailTitle: 'Vincule seu e-mail',
    linkPhoneTitle: 'Vincule seu telefone',
    updateEmailTitle: 'Altere seu e-mail',
    updateEmailCurrent: 'Seu e-mail atual é',
  },
  PHONE_TEXT: {
    phoneLabel: 'Número de telefone',
    countryLabel: 'País',
    phonePlaceholder: 'Número de telefone',
  },
  CAPTCHA_MESSAGES: {
    title: 'Confirme que você é humano',
    ready: 'Preparando a verificação de segurança…',
    loading: 'Verificando se você é humano…',
    success: 'Pronto! Continuando…',
    successNeedsIntent: 'Pronto!',
    continue: 'Continuar',
    didNotPass: 'Você não passou no CAPTCHA. Tente novamente.',
    adblockerHint: 'Se você usa bloqueador de anúncios ou VPN, desative e tente de novo.',
    captchaFailed: 'Falha no CAPTCHA',
  },
  OAUTH_UI_TEXT: {
    oauthVerifying: (provider) => `Verificando a conexão com ${provider}`,
    oauthVerifyingDetail: 'Só mais um instante',
    oauthConnected: (provider) => `Conectado com ${provider}`,
    oauthRedirecting: (provider) => `Redirecionando para ${provider}`,
    inAppBrowserTitle: 'Não foi possível entrar com este serviço',
  },
  OAUTH_MESSAGES: {
    userDenied: 'A permissão para entrar não foi concedida',
    invalidCode: 'Código inválido recebido durante o login.',
    unexpectedFlow: 'Login inesperado: pode ser uma tentativa de phishing',
    missingVerifier: 'Erro de autenticação.',
    retry: (provider) => `Tente de novo e conclua a conexão da sua conta com ${provider}.`,
    accountSuspended: (provider) => `Sua conta ${provider} está suspensa. Tente entrar de outra forma.`,
    inAppBrowser:
      'Parece que você está usando o navegador de um app. Para entrar, tente de novo em um navegador externo.',
  },
  PASSWORDLESS_MESSAGES: {
    invalidEmail: 'Digite um e-mail válido.',
    emailRequired: 'Precisamos do seu e-mail para enviar um código.',
    phoneRequired: 'Precisamos do seu telefone para enviar um código.',
    invalidPhone: 'Digite um número de telefone válido.',
    codeShouldBeNumeric: 'O código deve ser numérico',
    passcodeOnlyNumbers: 'O código só pode ter números',
    passcodeExactLength: 'O código deve ter 6 dígitos',
    invalidOrExpiredCode: 'Código inválido ou expirado',
    issueVerifyingCode: 'Não foi possível verificar o código',
  },
  PASSKEY_TEXT: {
    linkTitle: 'Adicione uma chave de acesso',
    recoveryTitle: 'Proteja sua carteira com uma chave de acesso',
    loginOff: 'Este app não permite entrar com chave de acesso',
    recoverySet: 'Sua carteira agora está protegida pela sua chave de acesso',
    mustHaveWallet: 'Você precisa de uma carteira para protegê-la com uma chave de acesso',
    alreadySet: 'Esta carteira já está protegida por uma chave de acesso',
    noPrf:
      'Esta chave de acesso não pode proteger uma carteira: o dispositivo ou navegador dela não oferece suporte. Crie uma senha de recuperação ou use uma chave de acesso de outro dispositivo.',
    exitedRecoveryFlow: 'Você saiu da configuração da chave de acesso',
    recoveryFailed: 'Não foi possível configurar a chave de acesso na carteira',
    failed: 'Não foi possível usar a chave de acesso. Tente novamente.',
  },
  FARCASTER_UI_TEXT: {
    connectTitle: 'Entrar com Farcaster',
    scan: 'Escaneie com a câmera do celular para entrar com Farcaster.',
    qrLabel: 'QR code para entrar com Farcaster',
    copyLink: 'Copiar link',
    openApp: 'Abrir Farcaster',
    onPhone: 'Entre com sua conta no app Farcaster e depois volte aqui.',
    waiting: 'Aguardando você entrar…',
    connected: 'Conectado com Farcaster',
    signerTitle: 'Aprove no Farcaster',
    signerScan: 'Escaneie com a câmera do celular para deixar este app publicar no Farcaster por você.',
    signerQrLabel: 'QR code para aprovar este app no Farcaster',
    signerOnPhone: 'Aprove este app no Farcaster e depois volte aqui.',
    signerWaiting: 'Aguardando sua aprovação…',
    signerApproved: 'Aprovado',
    tryAgain: 'Tentar novamente',
  },
};
